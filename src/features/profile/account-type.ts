const ACCOUNT_TYPES: Record<number, string> = {
  0: 'None',
  1: 'User',
  2: 'Customer',
  8: 'Resource placeholder',
  9: 'Service account',
};

export function accountTypeName(typeId: number): string {
  return ACCOUNT_TYPES[typeId] ?? `Unknown type (${typeId})`;
}
