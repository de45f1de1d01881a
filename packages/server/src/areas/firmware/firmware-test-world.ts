import type { FirmwareUpgrade, FirmwareUpgrades } from '@powerdeck/domain';
import { type DevicePlan, type Fleet, realScheduler } from '@powerdeck/simulator';
import type { FastifyInstance } from 'fastify';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import type { OpenedTestDatabase } from '../../test/databases';
import {
  type DeviceWorld,
  type LiveClock,
  type TestBroker,
  startTestFleet,
} from '../../test/devices';
import { eventually } from '../../test/sse';
import { TEST_ORIGIN, type TestApp, startTestApp } from '../../test/test-app';

export type Who = keyof DeviceWorld['cookies'] | 'nobody';

/**
 * The firmware calls as the console makes them, for one app and world (GET with the query, POST
 * with a form body from the console's origin).
 */
export function firmwareCalls(app: FastifyInstance, world: DeviceWorld) {
  const cookie = (who: Who) => (who === 'nobody' ? '' : world.cookies[who]);
  const get = (who: Who, svc: string, query: Record<string, string>) =>
    app.inject({
      url: `/data-svc/firmwareUpgrade/data-svc.php?${new URLSearchParams({ svc, ...query }).toString()}`,
      headers: { cookie: cookie(who) },
    });
  const post = (who: Who, svc: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/data-svc/firmwareUpgrade/data-svc.php?svc=${svc}`,
      headers: {
        cookie: cookie(who),
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const upgradesOf = async (devId: string) => {
    const response = await get('admin', 'getFirmwareUpgrades', { siteId: world.siteId, devId });
    return response.json<FirmwareUpgrades>().upgrades;
  };
  /** Waits until the upgrade has ended (done or failed) and answers it. */
  const ended = (devId: string, id: string, timeoutMs = 30_000) =>
    eventually(async () => {
      const upgrade = (await upgradesOf(devId)).find((u) => u.id === id);
      return upgrade && (upgrade.phase === 'done' || upgrade.phase === 'failed')
        ? upgrade
        : undefined;
    }, timeoutMs);
  const upgrade = async (devId: string, who: Who = 'admin') => {
    const response = await post(who, 'upgradeDevice', { siteId: world.siteId, devId });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json<FirmwareUpgrade>();
  };
  return { get, post, upgradesOf, ended, upgrade };
}

/** A server of the test: its app on a link of its own to the broker. */
export interface FirmwareServer {
  t: TestApp;
  link: DeviceLink;
  close(): Promise<void>;
}

export async function startFirmwareServer(
  opened: OpenedTestDatabase,
  broker: TestBroker,
  clock: LiveClock,
  env: Record<string, string>,
): Promise<FirmwareServer> {
  const link = await connectDeviceLink({
    url: broker.url,
    ...(broker.serviceToken ? { serviceToken: broker.serviceToken } : {}),
  });
  const t = await startTestApp(opened.database, {
    clock,
    env,
    devices: { link, writer: { flushMs: 50 }, heartbeatMs: 200 },
  });
  return {
    t,
    link,
    close: async () => {
      await t.app.close();
      await link.close();
    },
  };
}

/** The simulated fleet of a world, on the server's clock; resolves once the server heard all. */
export async function startWorldFleet(
  world: DeviceWorld,
  broker: TestBroker,
  clock: LiveClock,
  server: FirmwareServer,
): Promise<Fleet> {
  const fleet = startTestFleet(world.plan, broker.url, {
    now: () => clock.now().getTime(),
    after: (delayMs, run) => realScheduler.after(delayMs, run),
  });
  await fleet.start();
  const heard = (p: DevicePlan) => server.t.app.devices.hub?.contactOf({ devId: p.devId })?.online;
  await eventually(() => (world.plan.every(heard) ? true : undefined), 45_000);
  return fleet;
}
