import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { join } from 'node:path';
import { ConfigError } from './config-error.ts';
import type { TlsConfig } from './config.ts';
import { keepPrivate, preparePrivateDir } from './data-dir.ts';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  certPath: string;
}

/** Reads the configured certificate, or makes (once) a self-signed one for localhost in the data directory. */
export function loadTls(tls: TlsConfig, dataDir: string): TlsMaterial | null {
  if (tls.kind === 'none') return null;
  if (tls.kind === 'files') {
    const material = {
      cert: readSetting('TLS_CERT', tls.certPath),
      key: readSetting('TLS_KEY', tls.keyPath),
      certPath: tls.certPath,
    };
    try {
      createSecureContext({ cert: material.cert, key: material.key });
    } catch {
      throw new ConfigError(
        'TLS_CERT and TLS_KEY must be a PEM certificate and the PEM private key that belongs to it.',
      );
    }
    return material;
  }
  const dir = join(dataDir, 'tls');
  const certPath = join(dir, 'localhost-cert.pem');
  const keyPath = join(dir, 'localhost-key.pem');
  preparePrivateDir(dir);
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyPath, '-out', certPath, '-days', '825', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
    ], { stdio: 'ignore' });
  }
  for (const path of [certPath, keyPath]) keepPrivate(path);
  return { cert: readFileSync(certPath), key: readFileSync(keyPath), certPath };
}

function readSetting(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new ConfigError(`${variable} names a file that cannot be read: ${path}${code}.`);
  }
}
