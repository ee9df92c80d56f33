import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { demoSecrets, findLeaks, type Secret } from '../server/testing/log-leaks.ts';
import { CONTROL_TOKEN, LOG_DIR } from './servers';

/**
 * Fails the run when any server's output holds a demo password or key, a token, the control token, or a cookie
 * value a browser was given during the run. The output is kept for inspection when it leaks.
 */
export default function checkServerOutput() {
  const files = readdirSync(LOG_DIR);
  const outputs = files.filter((name) => name.startsWith('server-') && name.endsWith('.log'));
  if (outputs.length === 0) throw new Error(`No server output was recorded in ${LOG_DIR}.`);
  const cookies: Secret[] = files
    .filter((name) => name.startsWith('cookies-'))
    .flatMap((name) => readFileSync(join(LOG_DIR, name), 'utf8').split('\n'))
    .filter(Boolean)
    .map((value) => ({ kind: 'a cookie value', value }));
  const secrets = [...demoSecrets(), ...cookies, { kind: 'the control token', value: CONTROL_TOKEN }];
  const leaks = outputs.flatMap((name) =>
    findLeaks(readFileSync(join(LOG_DIR, name), 'utf8'), secrets).map(
      (leak) => `${name} line ${leak.line}: ${leak.kind}`,
    ),
  );
  if (leaks.length > 0) {
    throw new Error(`The servers' output holds secrets (kept in ${LOG_DIR}):\n${leaks.join('\n')}`);
  }
  if (existsSync(LOG_DIR)) rmSync(LOG_DIR, { recursive: true, force: true });
}
