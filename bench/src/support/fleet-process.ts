/**
 * A simulated fleet in its own process (the benchmarks keep devices, broker and server apart).
 * argv: broker URL, plan JSON file, device key. Sends `{type:'ready', online, devices, ms}` and
 * stops on a `stop` message.
 */
import { deriveDeviceSecret } from '@powerdeck/server';
import { type DevicePlan, Fleet } from '@powerdeck/simulator';
import { readFileSync } from 'node:fs';

const [url = '', planFile = '', deviceKey = ''] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as DevicePlan[];
const fleet = new Fleet({
  mqttUrl: url,
  plan,
  secretFor: (devId) => deriveDeviceSecret(deviceKey, devId),
  timing: { switchDelayMs: [0, 0] },
  concurrency: 200,
  connectWaitMs: 60_000,
});
const started = performance.now();
const summary = await fleet.start();
process.send?.({
  type: 'ready',
  online: summary.online,
  devices: summary.devices,
  ms: Math.round(performance.now() - started),
});
process.on('message', (message: unknown) => {
  if (message === 'stop') {
    void fleet.stop().finally(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
