import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The provider's secrets: the RS256 signing key and the keys that sign its cookies. */
export interface ProviderKeys {
  signingKey: JWK;
  cookieKeys: string[];
}

const FILE_NAME = 'oidc-keys.json';

async function generate(): Promise<ProviderKeys> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signingKey: { ...jwk, kid, alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Reads the keys from the data directory, creating them on first start. Persisting them keeps issued
 * tokens and browser sessions valid across restarts. The file is private to the owner.
 */
export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = path.join(dataDir, FILE_NAME);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(await generate()), { mode: 0o600 });
    try {
      // link() fails if another process created the file first; then its keys win and ours are dropped.
      fs.linkSync(tmp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(tmp);
    }
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ProviderKeys;
}

/** The public half of the signing key, as published at the JWKS endpoint. */
export function publicJwk({ kty, n, e, kid, alg, use }: JWK): JWK {
  return { kty, n, e, kid, alg, use };
}
