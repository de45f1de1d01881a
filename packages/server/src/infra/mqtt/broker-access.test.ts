import { describe, expect, it } from 'vitest';
import { identifyPeer, peerMayAccess, SERVICE_USERNAME } from './broker-access';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';

const secrets = { deviceKey: 'device-key', serviceToken: 'service-token' };
const DEV = '1065A3000001';
const OTHER = '1065A3000002';

describe('broker access', () => {
  it('a device connects with its id as client id and its derived secret', () => {
    const secret = deriveDeviceSecret(secrets.deviceKey, DEV);
    expect(identifyPeer(secrets, DEV, DEV, secret)).toEqual({ role: 'device', devId: DEV });
  });

  it("a device presenting another device's secret is refused", () => {
    const secret = deriveDeviceSecret(secrets.deviceKey, OTHER);
    expect(identifyPeer(secrets, DEV, DEV, secret)).toBeNull();
  });

  it('a device whose client id differs from its user name is refused', () => {
    const secret = deriveDeviceSecret(secrets.deviceKey, DEV);
    expect(identifyPeer(secrets, 'someone-else', DEV, secret)).toBeNull();
  });

  it('a connection without credentials is refused', () => {
    expect(identifyPeer(secrets, DEV, undefined, undefined)).toBeNull();
  });

  it('the server connects with the service token and may use any topic', () => {
    const peer = identifyPeer(secrets, 'server-1', SERVICE_USERNAME, 'service-token');
    expect(peer).toEqual({ role: 'service' });
    expect(peerMayAccess(peer!, `pd/v1/${DEV}/cmd`, 'publish')).toBe(true);
    expect(identifyPeer(secrets, 'server-1', SERVICE_USERNAME, 'wrong')).toBeNull();
  });

  it('a device may publish status under its own root but not under another device root', () => {
    const peer = { role: 'device', devId: DEV } as const;
    expect(peerMayAccess(peer, `pd/v1/${DEV}/status`, 'publish')).toBe(true);
    expect(peerMayAccess(peer, `pd/v1/${OTHER}/status`, 'publish')).toBe(false);
  });

  it('a device may not publish commands, nor subscribe to every device', () => {
    const peer = { role: 'device', devId: DEV } as const;
    expect(peerMayAccess(peer, `pd/v1/${DEV}/cmd`, 'publish')).toBe(false);
    expect(peerMayAccess(peer, 'pd/v1/+/status', 'subscribe')).toBe(false);
    expect(peerMayAccess(peer, `pd/v1/${DEV}/cmd`, 'subscribe')).toBe(true);
  });
});
