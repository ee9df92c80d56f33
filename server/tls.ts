import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TlsConfig } from './config.ts';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  certPath: string;
}

/** Reads the configured certificate, or makes (once) a self-signed one for localhost in the data directory. */
export function loadTls(tls: TlsConfig, dataDir: string): TlsMaterial | null {
  if (tls.kind === 'none') return null;
  if (tls.kind === 'files') {
    return { cert: readFileSync(tls.certPath), key: readFileSync(tls.keyPath), certPath: tls.certPath };
  }
  const dir = join(dataDir, 'tls');
  const certPath = join(dir, 'localhost-cert.pem');
  const keyPath = join(dir, 'localhost-key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyPath, '-out', certPath, '-days', '825', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
    ], { stdio: 'ignore' });
  }
  return { cert: readFileSync(certPath), key: readFileSync(keyPath), certPath };
}
