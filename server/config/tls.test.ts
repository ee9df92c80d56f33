import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, startTestServer } from '../testing/start-server.ts';

/** A GET over https that trusts exactly the given certificate (hostname checked against it too). */
function httpsGet(url: string, ca: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = request(url, { ca, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('HTTPS', () => {
  it('with a self-signed certificate: made once in the data directory, and served over https', async () => {
    const selfSigned = { tls: { kind: 'self-signed' as const } };
    let server = await startTestServer({ config: selfSigned });
    const certPath = join(server.dataDir, 'tls', 'localhost-cert.pem');
    try {
      expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(existsSync(join(server.dataDir, 'tls', 'localhost-key.pem'))).toBe(true);
      const cert = readFileSync(certPath);

      const health = await httpsGet(`${server.origin}/healthz`, cert);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
      expect(health.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect((await httpsGet(`${server.api}/auth/getuser`, cert)).status).toBe(401);
      // Not trusted without the certificate: it really is the one the server presents.
      await expect(httpsGet(`${server.origin}/healthz`, Buffer.from(''))).rejects.toThrow();

      await server.stop();
      server = await startTestServer({ dataDir: server.dataDir, config: selfSigned });
      expect(readFileSync(certPath)).toEqual(cert);
      expect((await httpsGet(`${server.origin}/healthz`, cert)).status).toBe(200);
    } finally {
      await server.stop(true);
    }
  });

  it('with TLS_CERT/TLS_KEY files: serves them, and a login works over https', async () => {
    const maker = await startTestServer({ config: { tls: { kind: 'self-signed' } } });
    await maker.stop();
    const tls = {
      kind: 'files' as const,
      certPath: join(maker.dataDir, 'tls', 'localhost-cert.pem'),
      keyPath: join(maker.dataDir, 'tls', 'localhost-key.pem'),
    };
    const server = await startTestServer({ config: { tls } });
    try {
      const cert = readFileSync(tls.certPath);
      const token = await new Promise<string>((resolve, reject) => {
        const body = JSON.stringify({ username: DEMO.jdoe, password: DEMO.password });
        const req = request(
          `${server.api}/auth/login`,
          { method: 'POST', ca: cert, headers: { 'Content-Type': 'application/json' } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () =>
              res.statusCode === 200 ? resolve(text) : reject(new Error(`${res.statusCode}: ${text}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      const me = await httpsGet(`${server.api}/auth/getuser`, cert, { Authorization: `Bearer ${token}` });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.text)).toMatchObject({ UserName: DEMO.jdoe });
    } finally {
      await server.stop(true);
      await maker.stop(true);
    }
  });
});
