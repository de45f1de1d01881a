import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: session secrets and e-mailed link tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a copy of the database cannot be used to sign in. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
