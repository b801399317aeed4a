import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { USERS, type SeedUser } from '../identities.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

interface PasswordHash {
  salt: Buffer;
  hash: Buffer;
}

async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  return { salt, hash: await scryptAsync(password, salt, KEY_LENGTH) };
}

async function matches(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await scryptAsync(password, stored.salt, KEY_LENGTH);
  return timingSafeEqual(candidate, stored.hash);
}

/** The seeded users with scrypt password hashes; plain passwords are not kept after start. */
export interface AccountDirectory {
  /** The user whose email and password match, or null. Takes the same time for unknown emails. */
  verify(email: string, password: string): Promise<SeedUser | null>;
  byId(id: string): SeedUser | undefined;
}

export async function createAccountDirectory(): Promise<AccountDirectory> {
  const hashes = new Map<string, { user: SeedUser; password: PasswordHash }>();
  for (const user of USERS) {
    hashes.set(user.email.toLowerCase(), { user, password: await hashPassword(user.password) });
  }
  // Compared against for unknown emails, so response time does not reveal which emails exist.
  const decoy = await hashPassword(randomBytes(16).toString('hex'));

  return {
    async verify(email, password) {
      const entry = hashes.get(email.trim().toLowerCase());
      const ok = await matches(password, entry?.password ?? decoy);
      return ok && entry ? entry.user : null;
    },
    byId(id) {
      return USERS.find((user) => String(user.id) === id);
    },
  };
}
