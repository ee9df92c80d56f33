/**
 * The Web API's HTTP methods: what its clients send, in the order lists show them. HEAD, OPTIONS and TRACE have no
 * use here.
 */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type ApiMethod = (typeof API_METHODS)[number];

/** Whether `method` is one of the Web API's methods, exactly as written (upper case). */
export function isApiMethod(method: unknown): method is ApiMethod {
  return (API_METHODS as readonly unknown[]).includes(method);
}
