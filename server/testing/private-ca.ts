import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PrivateCa {
  /** The CA's certificate: what NODE_EXTRA_CA_CERTS points at. */
  caPath: string;
  /** A server certificate for its host names and 127.0.0.1 signed by the CA, and its key (TLS_CERT, TLS_KEY). */
  certPath: string;
  keyPath: string;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * Makes, with openssl, a certificate authority of its own and a server certificate it signed for `hostNames` (and
 * 127.0.0.1), in `dir`.
 */
export function makePrivateCa(dir: string, hostNames: readonly string[] = ['localhost']): PrivateCa {
  const path = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  // prettier-ignore
  openssl([
    'req', '-x509', ...EC, '-keyout', path('ca-key.pem'), '-out', path('ca.pem'), '-days', '2',
    '-subj', '/CN=Auth Console test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  // prettier-ignore
  openssl(['req', ...EC, '-keyout', path('key.pem'), '-out', path('server.csr'), '-subj', `/CN=${hostNames[0]}`]);
  writeFileSync(
    path('server.ext'),
    `basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=${hostNames.map((name) => `DNS:${name}`).join(',')},IP:127.0.0.1\n`,
  );
  // prettier-ignore
  openssl([
    'x509', '-req', '-in', path('server.csr'), '-CA', path('ca.pem'), '-CAkey', path('ca-key.pem'),
    '-CAcreateserial', '-out', path('cert.pem'), '-days', '2', '-extfile', path('server.ext'),
  ]);
  return { caPath: path('ca.pem'), certPath: path('cert.pem'), keyPath: path('key.pem') };
}
