import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** Password hashing behind an adapter, so tests can count hashes (throttling happens before). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** argon2id (the @node-rs/argon2 default algorithm) with the library's default costs. */
export function createArgon2Hasher(): PasswordHasher {
  return {
    hash: (password) => hash(password),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // a malformed stored hash is a failed match, not a server error
        return false;
      }
    },
  };
}

/**
 * A hash of a random secret, compared against when the e-mail is unknown so that a sign-in
 * takes as long for an unknown account as for a known one.
 */
export async function createDummyHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hash(randomBytes(16).toString('hex'));
}
