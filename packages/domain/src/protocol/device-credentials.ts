import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Node only (node:crypto): imported as `@powerdeck/domain/device-credentials`, never by the web.

/**
 * A device's MQTT password is derived from the server's device key and the device id, so the
 * broker can check 10,000 connecting devices without a database look-up per connection.
 */
export function deriveDeviceSecret(deviceKey: string, devId: string): string {
  return createHmac('sha256', deviceKey).update(`device:${devId}`).digest('base64url');
}

export function isDeviceSecret(deviceKey: string, devId: string, secret: string): boolean {
  const expected = Buffer.from(deriveDeviceSecret(deviceKey, devId));
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A new secret for one device (the `credentials` command): 256 random bits, base64url. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the cloud keeps of an issued secret or a claim key a device connects with: its SHA-256. A
 * 256-bit secret cannot be guessed back from it; a claim key's verifier lives only until the
 * device has taken a secret of its own.
 */
export function credentialVerifier(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function matchesVerifier(verifier: string, secret: string): boolean {
  const expected = Buffer.from(verifier);
  const given = Buffer.from(credentialVerifier(secret));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
