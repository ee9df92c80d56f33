import { randomBytes } from 'node:crypto';
import { getMeta, setMeta, type Db } from '../store/db.ts';

const META = 'idp-own-client';

/** This server's registration with its own embedded provider. */
export interface OwnClient {
  clientId: string;
  clientSecret: string;
}

/** Made on first use and kept in the database, like every other secret of the emulator. */
export function loadOwnClient(db: Db): OwnClient {
  const existing = getMeta(db, META);
  if (existing) return JSON.parse(existing.toString('utf8')) as OwnClient;
  const client: OwnClient = {
    clientId: `emulator-${randomBytes(6).toString('hex')}`,
    clientSecret: randomBytes(32).toString('base64url'),
  };
  setMeta(db, META, JSON.stringify(client));
  return client;
}
