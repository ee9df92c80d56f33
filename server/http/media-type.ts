/** A Content-Type header's media type and charset, both lower case (type '' and charset null when absent). */
export function mediaType(header: string | undefined): { type: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  let charset: string | null = null;
  for (const param of params) {
    const [name, value = ''] = param.split('=').map((s) => s.trim());
    if (name === 'charset') charset = value.replace(/^"|"$/g, '');
  }
  return { type, charset };
}
