import { createHmac, timingSafeEqual } from 'node:crypto';

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
