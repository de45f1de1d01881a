import { deviceMayAccess, isDeviceId } from '@powerdeck/domain';
import { timingSafeEqual } from 'node:crypto';
import { isDeviceSecret } from '@powerdeck/domain/device-credentials';

/** Who is on the other end of a broker connection. */
export type BrokerPeer = { role: 'service' } | { role: 'device'; devId: string };

export interface BrokerSecrets {
  deviceKey: string;
  /** The servers' own credential: user name `SERVICE_USERNAME`, this token as password. */
  serviceToken: string;
}

export const SERVICE_USERNAME = 'powerdeck-server';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Identifies a connecting client; null refuses it. A device's client id must be its devId. */
export function identifyPeer(
  secrets: BrokerSecrets,
  clientId: string,
  username: string | undefined,
  password: string | undefined,
): BrokerPeer | null {
  if (username === undefined || password === undefined) return null;
  if (username === SERVICE_USERNAME) {
    return sameText(password, secrets.serviceToken) ? { role: 'service' } : null;
  }
  if (!isDeviceId(username) || clientId !== username) return null;
  return isDeviceSecret(secrets.deviceKey, username, password)
    ? { role: 'device', devId: username }
    : null;
}

/**
 * The device id a connection claims to be when its password is not the derived secret (the
 * server's database may know it: a claim key or an issued secret); undefined when the user name
 * and client id do not name one device.
 */
export function claimedDeviceId(
  clientId: string,
  username: string | undefined,
): string | undefined {
  return username !== undefined && isDeviceId(username) && clientId === username
    ? username
    : undefined;
}

/** A device may only use its own topic root, in the protocol's direction; servers may use any. */
export function peerMayAccess(
  peer: BrokerPeer,
  topic: string,
  access: 'publish' | 'subscribe',
): boolean {
  if (peer.role === 'service') return true;
  return deviceMayAccess(peer.devId, topic, access);
}
