import { parseArgs } from 'node:util';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import { Fleet } from './fleet';
import { parseFault } from './fault-spec';

const USAGE = `Usage: npm run simulator -- [options]
  --devices, -n N     devices to run (default 25), every class in turn, with kids
  --mqtt URL          broker (default $MQTT_URL or mqtt://127.0.0.1:1883)
  --device-key KEY    the server's device key: each device signs in with its own derived
                      password, as the embedded broker requires (default $DEVICE_KEY; none:
                      devices connect without a password, for a broker allowing anonymous ones)
  --seed S            fleet seed: the same seed gives the same device ids (default random)
  --fault KIND:DEVID  repeatable; KIND is offline, brownout[:CONDITION], overload[:FACTOR],
                      refuse, ignore, firmware:REASON[:STEP] (the next upgrade fails with a
                      spec §8 reason, e.g. corruptedImage), ping:HOST (that host stops answering
                      the device's auto-ping) or discover:REASON (timedOut, noBus or busy),
                      e.g. --fault brownout:1065A3000001:lost, --fault ping:1065A3000001:8.8.8.8
  --help, -h`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', short: 'n', default: '25' },
      mqtt: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      'device-key': { type: 'string', default: process.env.DEVICE_KEY },
      seed: { type: 'string' },
      fault: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = Number(values.devices);
  const seed =
    values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  if (!Number.isInteger(count) || count < 1)
    throw new Error('--devices must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const faults = values.fault.map(parseFault);

  const deviceKey = values['device-key'];
  const fleet = new Fleet({
    mqttUrl: values.mqtt,
    count,
    seed,
    ...(deviceKey ? { secretFor: (devId: string) => deriveDeviceSecret(deviceKey, devId) } : {}),
  });
  for (const { devId } of faults) {
    if (!fleet.get(devId))
      throw new Error(`--fault: no device ${devId} in this fleet (seed ${seed})`);
  }
  console.log(`Starting ${count} devices on ${values.mqtt} (seed ${seed})…`);
  const started = Date.now();
  let stopping = false;
  const shutdown = () => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    console.log('\nDisconnecting…');
    fleet
      .stop()
      .then(() => {
        console.log(`Stopped; ${fleet.summary().published} messages published.`);
        process.exit(0);
      })
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const summary = await fleet.start();
  for (const { devId, fault } of faults) fleet.injectFault(devId, fault);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${summary.online}/${summary.devices} devices online after ${seconds} s, ${summary.kids} kids`,
  );
  console.table(summary.byClass);
  console.log('Some device ids:');
  for (const d of fleet.devices.slice(0, Math.min(20, fleet.devices.length))) {
    const kids = d.model.kids.map((k) => `${k.devClass} ${k.devId}`).join(', ');
    console.log(`  ${d.devId}  ${d.model.devClass}${kids ? `  kids: ${kids}` : ''}`);
  }
  if (faults.length > 0) console.log(`Faults: ${values.fault.join(', ')}`);
  console.log('Running; Ctrl-C disconnects cleanly.');
  setInterval(() => {
    const s = fleet.summary();
    console.log(
      `${new Date().toISOString()}  online ${s.online}/${s.devices}  published ${s.published}`,
    );
  }, 30_000).unref();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(2);
});
