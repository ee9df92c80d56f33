import type { IncomingMessage } from 'node:http';

const MAX_FORM_BYTES = 16 * 1024;

export type FormResult =
  { ok: true; fields: URLSearchParams } | { ok: false; reason: 'type' | 'size' | 'gone' };

/** Reads an HTML form post (`application/x-www-form-urlencoded`, at most 16 KB). */
export function readForm(req: IncomingMessage): Promise<FormResult> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    return Promise.resolve({ ok: false, reason: 'type' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: FormResult) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        req.resume();
        finish({ ok: false, reason: 'size' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      finish({ ok: true, fields: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) }),
    );
    req.on('error', () => finish({ ok: false, reason: 'gone' }));
    req.on('aborted', () => finish({ ok: false, reason: 'gone' }));
  });
}
