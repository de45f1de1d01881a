import { describe, expect, it } from 'vitest';
import { initialDynsecConfig } from './dynsec-config';

const admin = { username: 'powerdeck-dynsec', password: 'admin-secret-1234' };
const service = { username: 'powerdeck-server', password: 'service-secret-5678' };

describe("Mosquitto's first dynamic-security file", () => {
  it('holds password hashes only, never a password', () => {
    const devices = [{ devId: '1065A3000001', password: 'device-secret-9012' }];
    const file = JSON.stringify(initialDynsecConfig({ admin, service, devices }));
    for (const secret of [admin.password, service.password, 'device-secret-9012']) {
      expect(file).not.toContain(secret);
    }
  });

  it('denies every access by default but unsubscribing', () => {
    expect(initialDynsecConfig({ admin, service }).defaultACLAccess).toEqual({
      publishClientSend: false,
      publishClientReceive: false,
      subscribe: false,
      unsubscribe: true,
    });
  });

  it('refuses one user name for both identities, and a preloaded device that is not a device id', () => {
    expect(() =>
      initialDynsecConfig({ admin, service: { ...service, username: admin.username } }),
    ).toThrow(/different user names/);
    expect(() =>
      initialDynsecConfig({
        admin,
        service,
        devices: [{ devId: 'powerdeck-server', password: 'x' }],
      }),
    ).toThrow(/not a device id/);
  });
});
