import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StorageCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The built-in endpoint's signing key pair. Generated on first start and kept in the data directory so that
 * URLs issued before a restart stay valid and no secret ever lives in the repository.
 */
export function loadOrCreateCredentials(storageDir: string): StorageCredentials {
  const file = path.join(storageDir, 'credentials.json');
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StorageCredentials>;
    if (typeof parsed.accessKeyId === 'string' && typeof parsed.secretAccessKey === 'string') {
      return { accessKeyId: parsed.accessKeyId, secretAccessKey: parsed.secretAccessKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const credentials: StorageCredentials = {
    accessKeyId: `SANDBOX${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  mkdirSync(storageDir, { recursive: true });
  // 'wx' so two processes starting on a fresh directory cannot overwrite each other's key.
  try {
    writeFileSync(file, JSON.stringify(credentials), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateCredentials(storageDir);
    throw error;
  }
  return credentials;
}
