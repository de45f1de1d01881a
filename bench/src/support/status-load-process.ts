/**
 * Status traffic for the browser benchmark, in its own process: `background` devices report at a
 * steady total rate, and one `observed` device (the one whose panel the browser shows) reports
 * what it is told to. Each is its own MQTT client (client id = devId), as hardware is.
 * argv: broker URL, JSON file `LoadJob`. Sends `{type:'connected'}`, then answers:
 * - `{type:'background', rate}`: background reports at `rate` msg/s from now on (0 stops them);
 * - `{type:'stats'}` → `{type:'stats', sent, ms}` background reports sent and time since the rate
 *   was last set;
 * - `{type:'probes', count, everyMs}` → the observed device reports voltages `probeVoltage(i)`,
 *   one every `everyMs`; then `{type:'probed', t0s}` with each report's publish time (wall-clock
 *   ms, `performance.timeOrigin + performance.now()`, the clock the page uses too);
 * - `{type:'updates', rate, ms}` → the observed device reports `rate` times a second for `ms`;
 *   then `{type:'updated', sent}`;
 * - `stop`: disconnects every device and exits.
 */
import { deriveDeviceSecret } from '@powerdeck/server';
import mqtt, { type MqttClient } from 'mqtt';
import { readFileSync } from 'node:fs';
import { type LoadDevice, type LoadJob, probeVoltage } from './browser-probe';

const [url = '', jobFile = ''] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as LoadJob;
const now = () => performance.timeOrigin + performance.now();

function connect(d: LoadDevice): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: d.devId,
    username: d.devId,
    password: deriveDeviceSecret(job.deviceKey, d.devId),
    reconnectPeriod: 0,
    clean: true,
    will: { topic: `pd/v1/${d.devId}/online`, payload: Buffer.from('0'), qos: 1, retain: true },
  });
}

function status(d: LoadDevice, uptime: number, voltage: number, wattage: number): string {
  return JSON.stringify({
    devClass: d.devClass,
    sysTime: Math.floor(Date.now() / 1000),
    uptime,
    name: d.devId,
    fwVer: '2.4.1',
    otlts: Array.from({ length: d.outlets }, () => true),
    interval: 1,
    voltage,
    amperage: wattage / voltage,
    wattage,
  });
}

const clients: MqttClient[] = [];
for (let i = 0; i < job.background.length; i += 100) {
  clients.push(...(await Promise.all(job.background.slice(i, i + 100).map(connect))));
}
const observed = await connect(job.observed);
(observed.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
const everyone: [LoadDevice, MqttClient][] = [
  ...job.background.map((d, i): [LoadDevice, MqttClient] => [d, clients[i] as MqttClient]),
  [job.observed, observed],
];
await Promise.all(
  everyone.map(([d, c]) =>
    c.publishAsync(`pd/v1/${d.devId}/online`, '1', { qos: 1, retain: true }),
  ),
);
let observedUptime = 1;
observed.publish(
  `pd/v1/${job.observed.devId}/status`,
  status(job.observed, observedUptime, 120, 100),
  { qos: 0, retain: true },
);
process.send?.({ type: 'connected' });

// Background: a 5 ms tick sends whatever the rate says is due, round robin over the devices.
let rate = 0;
let sent = 0;
let since = performance.now();
let next = 0;
const tick = setInterval(() => {
  if (rate === 0 || clients.length === 0) return;
  const due = Math.floor(((performance.now() - since) / 1000) * rate) - sent;
  for (let k = 0; k < due; k++) {
    const index = next++ % clients.length;
    const d = job.background[index] as LoadDevice;
    const round = Math.floor(next / clients.length);
    (clients[index] as MqttClient).publish(
      `pd/v1/${d.devId}/status`,
      status(d, round + 1, 118 + (round % 40) / 10, 50 + (round % 200)),
      { qos: 0, retain: true },
    );
    sent++;
  }
}, 5);

const publishObserved = (voltage: number) => {
  observedUptime++;
  observed.publish(
    `pd/v1/${job.observed.devId}/status`,
    status(job.observed, observedUptime, voltage, 100 + (observedUptime % 500)),
    { qos: 0, retain: true },
  );
};

async function probes(count: number, everyMs: number): Promise<number[]> {
  const t0s: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + i * everyMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    t0s.push(now());
    publishObserved(probeVoltage(i));
  }
  return t0s;
}

async function updates(perSecond: number, ms: number): Promise<number> {
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < ms) {
    const wait = start + (count * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // 100.0-199.9 V: never a probe's value
    publishObserved(100 + (count % 1000) / 10);
    count++;
  }
  return count;
}

process.on('message', (message: unknown) => {
  if (message === 'stop') {
    clearInterval(tick);
    void Promise.all(everyone.map(([, c]) => c.endAsync(true))).finally(() => process.exit(0));
    return;
  }
  const m = message as {
    type?: string;
    rate?: number;
    count?: number;
    everyMs?: number;
    ms?: number;
  };
  switch (m.type) {
    case 'background':
      rate = m.rate ?? 0;
      sent = 0;
      next = 0;
      since = performance.now();
      return;
    case 'stats':
      process.send?.({ type: 'stats', sent, ms: performance.now() - since });
      return;
    case 'probes':
      void probes(m.count ?? 0, m.everyMs ?? 100).then((t0s) =>
        process.send?.({ type: 'probed', t0s }),
      );
      return;
    case 'updates':
      void updates(m.rate ?? 100, m.ms ?? 10_000).then((count) =>
        process.send?.({ type: 'updated', sent: count }),
      );
      return;
  }
});
process.on('disconnect', () => process.exit(0));
