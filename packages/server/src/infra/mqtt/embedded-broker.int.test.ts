import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_USERNAME } from './broker-access';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';

const secrets = { deviceKey: 'test-device-key', serviceToken: 'test-service-token' };
const DEV = '1065A3F00001';
const OTHER = '1065A3F00002';

async function connect(
  broker: EmbeddedBroker,
  clientId: string,
  username: string,
  password: string,
) {
  return mqtt.connectAsync(broker.url, { clientId, username, password, reconnectPeriod: 0 });
}

describe('embedded MQTT broker', () => {
  let broker: EmbeddedBroker;
  let server: MqttClient;

  beforeAll(async () => {
    broker = await startEmbeddedBroker({ ...secrets, logLevel: 'silent' });
    server = await connect(broker, 'server-test', SERVICE_USERNAME, secrets.serviceToken);
  });
  afterAll(async () => {
    await server.endAsync();
    await broker.stop();
  });

  it('refuses a device with a wrong secret', async () => {
    await expect(connect(broker, DEV, DEV, 'not-the-secret')).rejects.toThrow();
  });

  it("delivers a device's status under its own root to the server", async () => {
    await server.subscribeAsync(`pd/v1/${DEV}/status`);
    const received = new Promise<string>((done) =>
      server.on('message', (topic, payload) => {
        if (topic === `pd/v1/${DEV}/status`) done(payload.toString());
      }),
    );
    const device = await connect(broker, DEV, DEV, deriveDeviceSecret(secrets.deviceKey, DEV));
    await device.publishAsync(`pd/v1/${DEV}/status`, '{"sysTime":1}', { qos: 1 });
    await expect(received).resolves.toBe('{"sysTime":1}');
    await device.endAsync();
  });

  it('refuses a subscription outside the device root', async () => {
    const device = await connect(broker, DEV, DEV, deriveDeviceSecret(secrets.deviceKey, DEV));
    // The broker answers SUBACK 0x80, which the client reports as a subscribe error.
    await expect(device.subscribeAsync(`pd/v1/${OTHER}/cmd`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await device.endAsync();
  });

  it('never forwards a publish outside the device root', async () => {
    await server.subscribeAsync(`pd/v1/${OTHER}/status`);
    let leaked = false;
    server.on('message', (topic) => {
      if (topic === `pd/v1/${OTHER}/status`) leaked = true;
    });
    const device = await connect(broker, DEV, DEV, deriveDeviceSecret(secrets.deviceKey, DEV));
    device.on('error', () => undefined);
    await device
      .publishAsync(`pd/v1/${OTHER}/status`, '{"forged":true}', { qos: 0 })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(false);
    device.end(true);
  });
});
