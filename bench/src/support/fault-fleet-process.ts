/**
 * The fault drill's fleet in its own process: simulated devices (packages/simulator), each its own
 * MQTT client, which keep their own record of what they did — the commands they executed (with
 * their `expires` and the device clock at execution) and every QoS 1 message the broker
 * acknowledged (PUBACK) — for the drill to compare with the database afterwards.
 *
 * argv: broker URL, JSON file `FaultFleetJob`. Sends `{type:'ready', online, devices, ms}`, then
 * `{type:'connected', count, back, published, at}` every 200 ms: devices with an open MQTT
 * connection, those of them connected again since the last mark, status reports sent so far, and
 * the wall clock. Answers:
 * - `{type:'mark'}` → `{type:'marked'}` once it took the mark (a storm takes one too);
 * - `{type:'load', rate}`: status change reports at `rate` msg/s in all, round robin over the
 *   devices (a device offline at its turn is skipped and counted);
 * - `{type:'storm', downMs}`: every device drops its connection as a pulled cable would, and after
 *   `downMs` all reconnect at once; then `{type:'stormed', droppedAt, reconnectAt}`;
 * - `{type:'records'}` → `FaultFleetRecords`;
 * - `stop`: every device disconnects, and the process exits.
 */
import type { DeviceEvent } from '@powerdeck/domain';
import { deriveDeviceSecret } from '@powerdeck/server';
import { type CommandObserver, type DevicePlan, Fleet } from '@powerdeck/simulator';
import { readFileSync } from 'node:fs';

export interface FaultFleetJob {
  plan: DevicePlan[];
  deviceKey: string;
}

export interface Execution {
  id: string;
  devId: string;
  expires: number;
  deviceMs: number;
  wallMs: number;
}

export interface FaultFleetRecords {
  type: 'records';
  executions: Execution[];
  /** Per command id, how many times a device received it (redeliveries included). */
  deliveries: Record<string, number>;
  /** Per device: the boot and the seqs of its status reports the broker acknowledged. */
  statusAcked: Record<string, { boot: number; seqs: number[] }>;
  /** Status reports acknowledged in an earlier boot than the device's last (none expected). */
  olderBootAcked: number;
  /** `at`: when the PUBACK came (wall clock). */
  eventsAcked: { devId: string; event: DeviceEvent; at: number }[];
  acksAcked: { id: string; devId: string; ok: boolean; at: number }[];
  /**
   * Status reports due by the rate (`offered`), sent (`published`), not sent as the device was
   * offline at its turn (`skippedOffline`), not sent as the process fell behind by over 0.1 s
   * (`droppedBehind`, a stall: the load does not catch up in a burst).
   */
  load: { offered: number; published: number; skippedOffline: number; droppedBehind: number };
  connects: number;
}

const [url = '', jobFile = ''] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as FaultFleetJob;

const fleet = new Fleet({
  mqttUrl: url,
  plan: job.plan,
  secretFor: (devId) => deriveDeviceSecret(job.deviceKey, devId),
  // no periodic reports in the drill (the load sends change reports); relays switch at once
  timing: { switchDelayMs: [0, 0], reportIntervalMs: 3_600_000 },
  concurrency: 200,
  connectWaitMs: 60_000,
});

const records: FaultFleetRecords = {
  type: 'records',
  executions: [],
  deliveries: {},
  statusAcked: {},
  olderBootAcked: 0,
  eventsAcked: [],
  acksAcked: [],
  load: { offered: 0, published: 0, skippedOffline: 0, droppedBehind: 0 },
  connects: 0,
};

const observer: CommandObserver = {
  delivered(id) {
    records.deliveries[id] = (records.deliveries[id] ?? 0) + 1;
  },
  executing(command, devId, deviceMs) {
    records.executions.push({
      id: command.id,
      devId,
      expires: command.expires,
      deviceMs,
      wallMs: Date.now(),
    });
  },
};
for (const device of fleet.devices) {
  device.commands.observer = observer;
  device.onAcknowledged = (kind, address, payload) => {
    const devId = address.kidId ?? address.devId;
    if (kind === 'status') {
      const { boot = 0, seq } = JSON.parse(payload) as { boot?: number; seq?: number };
      if (seq === undefined) return;
      const known = records.statusAcked[devId];
      if (!known || boot > known.boot) records.statusAcked[devId] = { boot, seqs: [seq] };
      else if (boot === known.boot) known.seqs.push(seq);
      else records.olderBootAcked++;
    } else if (kind === 'event') {
      records.eventsAcked.push({
        devId,
        event: JSON.parse(payload) as DeviceEvent,
        at: Date.now(),
      });
    } else if (kind === 'ack') {
      const ack = JSON.parse(payload) as { id: string; ok: boolean };
      records.acksAcked.push({ id: ack.id, devId, ok: ack.ok, at: Date.now() });
    }
  };
}

const started = performance.now();
const summary = await fleet.start();
process.send?.({
  type: 'ready',
  online: summary.online,
  devices: summary.devices,
  ms: Math.round(performance.now() - started),
});

/** Each device's connection count at the last mark: a device is back once it connected since. */
let mark: number[] | undefined;
const setMark = () => (mark = fleet.devices.map((d) => d.connects));
const monitor = setInterval(() => {
  let count = 0;
  let back = 0;
  fleet.devices.forEach((d, i) => {
    if (!d.connected) return;
    count++;
    if (mark === undefined || d.connects > (mark[i] ?? 0)) back++;
  });
  const { published } = records.load;
  process.send?.({ type: 'connected', count, back, published, at: Date.now() });
}, 200);

// Status load: a 5 ms tick sends what the rate says is due. A device's report is a load change on
// its last outlet (a QoS 1 change report with the next seq); outlet 1 is left to the commands.
let rate = 0;
let since = performance.now();
let due0 = 0;
let next = 0;
const tick = setInterval(() => {
  if (rate === 0) return;
  const due = Math.floor(((performance.now() - since) / 1000) * rate) - due0;
  // after a stall (a reconnect storm in this process) send at most a tenth of a second's worth
  const now = Math.min(due, Math.ceil(rate / 10));
  due0 += due;
  records.load.droppedBehind += due - now;
  for (let k = 0; k < now; k++) {
    const device = fleet.devices[next++ % fleet.devices.length];
    if (!device) continue;
    records.load.offered++;
    if (!device.connected) {
      records.load.skippedOffline++;
      continue;
    }
    const outlets = device.model.outletStates().length;
    device.model.setLoad(outlets, 0.2 + ((next >> 4) % 8) / 10);
    records.load.published++;
  }
}, 5);

async function storm(downMs: number) {
  setMark();
  const droppedAt = Date.now();
  for (const device of fleet.devices) device.injectFault({ kind: 'offline' });
  await new Promise((r) => setTimeout(r, downMs));
  const reconnectAt = Date.now();
  // clearFaults sets the device to want its link again and reconnects it at once
  for (const device of fleet.devices) device.clearFaults();
  process.send?.({ type: 'stormed', droppedAt, reconnectAt });
}

process.on('message', (message: unknown) => {
  if (message === 'stop') {
    clearInterval(tick);
    clearInterval(monitor);
    void fleet.stop().finally(() => process.exit(0));
    return;
  }
  const m = message as { type?: string; rate?: number; downMs?: number };
  switch (m.type) {
    case 'load':
      rate = m.rate ?? 0;
      since = performance.now();
      due0 = 0;
      return;
    case 'mark':
      setMark();
      process.send?.({ type: 'marked' });
      return;
    case 'storm':
      void storm(m.downMs ?? 2_000);
      return;
    case 'records':
      records.connects = fleet.devices.reduce((n, d) => n + d.connects, 0);
      process.send?.(records);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
