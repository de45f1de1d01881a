/**
 * Floods status reports from many devices at once, in its own process. argv: broker URL, JSON
 * file `{devices: [{devId, devClass}], rounds, deviceKey}`. Every device publishes `rounds` full
 * reports (QoS 1, uptime = round number); sends `{type:'done', sent, ms}` when all are acked.
 */
import { deriveDeviceSecret } from '@powerdeck/server';
import mqtt, { type MqttClient } from 'mqtt';
import { readFileSync } from 'node:fs';

interface Job {
  devices: { devId: string; devClass: string }[];
  rounds: number;
  deviceKey: string;
}
const [url = '', jobFile = ''] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as Job;

const clients: MqttClient[] = [];
for (let i = 0; i < job.devices.length; i += 100) {
  const batch = job.devices.slice(i, i + 100);
  clients.push(
    ...(await Promise.all(
      batch.map((d) =>
        mqtt.connectAsync(url, {
          clientId: d.devId,
          username: d.devId,
          password: deriveDeviceSecret(job.deviceKey, d.devId),
          reconnectPeriod: 0,
          clean: true,
        }),
      ),
    )),
  );
}
process.send?.({ type: 'connected' });
await new Promise<void>((resolve) => process.once('message', () => resolve()));

const started = performance.now();
let sent = 0;
for (let round = 1; round <= job.rounds; round++) {
  await Promise.all(
    job.devices.map((d, i) => {
      const status = {
        devClass: d.devClass,
        sysTime: Math.floor(Date.now() / 1000),
        uptime: round,
        name: `Flood ${i}`,
        fwVer: '2.4.1',
        otlts: [true, false, true, true],
        interval: 1,
        voltage: 120,
        wattage: 100 + round,
      };
      const client = clients[i];
      if (!client) return Promise.resolve();
      sent++;
      return client.publishAsync(`pd/v1/${d.devId}/status`, JSON.stringify(status), { qos: 1 });
    }),
  );
}
const ms = performance.now() - started;
process.send?.({ type: 'done', sent, ms });
await Promise.all(clients.map((c) => c.endAsync(true)));
process.exit(0);
