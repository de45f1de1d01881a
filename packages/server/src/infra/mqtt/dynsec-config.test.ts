import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEPLOY_DEVICE_ACL } from '../../test/mosquitto';
import { deviceTopicAclFile, initialDynsecConfig } from './dynsec-config';

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

  it('leaves every access but unsubscribing to the roles and the ACL file, which deny what they do not allow', () => {
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

describe("Mosquitto's device ACL file", () => {
  it('is shipped as the device protocol generates it', () => {
    expect(readFileSync(DEPLOY_DEVICE_ACL, 'utf8')).toBe(deviceTopicAclFile());
  });

  it("lets a device publish what devices send and read what the cloud sends, under its own root and its kids'", () => {
    const rules = deviceTopicAclFile()
      .split('\n')
      .filter((line) => line.startsWith('pattern '));
    expect(rules).toContain('pattern write pd/v1/%u/status');
    expect(rules).toContain('pattern write pd/v1/%u/kids/+/ack');
    expect(rules).toContain('pattern read pd/v1/%u/cmd');
    expect(rules).toContain('pattern read pd/v1/%u/kids/+/cmd');
    expect(rules.every((rule) => /^pattern (read|write) pd\/v1\/%u\//.test(rule))).toBe(true);
    expect(rules).toHaveLength(10);
  });
});
