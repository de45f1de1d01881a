import { type CommandResult, type DeviceStatus, deviceTopic } from '@powerdeck/domain';
import { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
import type { DevicePlan } from '@powerdeck/simulator';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate';
import { deviceCommandEvents } from '../../infra/db/schema';
import { type DeviceLink, connectDeviceLink } from '../../infra/mqtt/device-link';
import type { OpenedTestDatabase } from '../../test/databases';
import {
  type DeviceWorld,
  LiveClock,
  TEST_DEVICE_KEY,
  type TestBroker,
  buildDeviceWorld,
  clearRetained,
  brokerDatabaseCases,
} from '../../test/devices';
import { eventually } from '../../test/sse';
import { CommandsRepository } from './commands.repository';
import { type TestApp, startTestApp } from '../../test/test-app';

const cases = await brokerDatabaseCases();

/**
 * A server dies with commands out (its memory of them gone, nothing recorded but "sent"); another
 * starts on the same database; the device's answers arrive then.
 */
describe.each(cases)(
  'command outcome across a restart on $name',
  ({ broker: brokerCase, database }) => {
    let broker: TestBroker;
    let opened: OpenedTestDatabase;
    let world: DeviceWorld;
    let target: DevicePlan;
    let device: MqttClient;
    /** Commands the device has received. */
    let received = 0;
    const links: DeviceLink[] = [];
    const apps: TestApp[] = [];

    /** A server on the shared database, with a clock `aheadMs` ahead of the devices' clocks. */
    const server = async (aheadMs = 0) => {
      const link = await connectDeviceLink({
        url: broker.url,
        ...(broker.serviceToken ? { serviceToken: broker.serviceToken } : {}),
      });
      links.push(link);
      const clock = new LiveClock();
      clock.advance(aheadMs);
      const started = await startTestApp(opened.database, {
        clock,
        devices: {
          link,
          // a group of its own: every report reaches it, and no other run takes them
          ...(broker.enforcesAcl
            ? {}
            : { shareGroup: `restart-${randomBytes(4).toString('hex')}` }),
          writer: { flushMs: 50 },
        },
      });
      apps.push(started);
      return started;
    };

    beforeAll(async () => {
      broker = await brokerCase.start();
      opened = await database.open();
      await migrate(opened.database);
      world = await buildDeviceWorld(opened.database, new LiveClock(), { count: 1 });
      target = world.plan[0] as DevicePlan;
      // the device, driven by hand: it takes the commands and answers only when the test says
      device = await mqtt.connectAsync(broker.url, {
        clientId: target.devId,
        username: target.devId,
        password: deriveDeviceSecret(TEST_DEVICE_KEY, target.devId),
        reconnectPeriod: 0,
      });
      device.on('message', () => received++);
      await device.subscribeAsync(deviceTopic({ devId: target.devId }, 'cmd'), { qos: 1 });
    });

    afterAll(async () => {
      await device?.endAsync();
      if (!broker?.enforcesAcl && world) await clearRetained(broker.url, world.plan);
      for (const t of apps) await t.app.close();
      for (const link of links) await link.close();
      await opened?.dispose();
      await broker?.stop();
    });

    const publish = (kind: 'ack' | 'status', payload: object) =>
      device.publishAsync(deviceTopic({ devId: target.devId }, kind), JSON.stringify(payload), {
        qos: 1,
      });
    const stateOf = async (t: TestApp, cmdId: string) =>
      (
        await t.app.inject({
          url: `/data-svc/deviceView/data-svc.php?svc=command&siteId=${world.siteId}&devClass=${target.devClass}&devId=${target.devId}&cmdId=${cmdId}`,
          headers: { cookie: world.cookies.admin },
        })
      ).json<CommandResult>();
    const stepsOf = async (cmdId: string) =>
      (
        await opened.database.db
          .select()
          .from(deviceCommandEvents)
          .where(eq(deviceCommandEvents.cmdId, cmdId))
          .orderBy(deviceCommandEvents.id)
      ).map((s) => `${s.state}${s.source ? ` (${s.source})` : ''}`);

    it("records the device's ack or report in place of expired, and nothing else", async () => {
      const dying = await server();
      const send = (otlt: number) =>
        dying.app.devices.tracker?.send({
          address: { devId: target.devId },
          svc: 'setOutlet',
          args: { otlt, state: 1 },
          actor: { kind: 'api', id: null },
          ttlMs: 2_000,
        }) as Promise<CommandResult>;
      const acked = await send(1);
      const reportedOn = await send(2);
      const reportedOff = await send(3);
      const refusedAsExpired = await send(4);
      await eventually(() => (received === 4 ? true : undefined));
      // the device's clock when it reports: later than every command it was sent (whole seconds)
      const reportedAt = Math.floor(Date.now() / 1000) + 1;
      // the device carries out 1 to 3; the server dies before any answer reaches it
      await dying.app.close();

      // back a minute later: every command is past its expiry, no server waits for any
      const back = await server(60_000);
      await publish('ack', { id: acked.cmdId, ok: true, result: { otlt: 1, state: 1 } });
      await publish('ack', { id: refusedAsExpired.cmdId, ok: false, error: 'expired' });
      const report: DeviceStatus = {
        devClass: target.devClass,
        sysTime: reportedAt,
        uptime: 100,
        name: target.name,
        fwVer: '2.4.1',
        // outlet 2 on as asked; outlet 3 still off; outlet 4 on, but not by the command it refused
        otlts: [true, true, false, true],
        interval: 30,
      };
      await publish('status', report);

      // the answers are recorded (no state is read before: reading one may record its expiry)
      const answered: [CommandResult, string][] = [
        [acked, 'done (ack)'],
        [reportedOn, 'done (status)'],
        [refusedAsExpired, 'expired (ack)'],
      ];
      for (const [{ cmdId }, step] of answered) {
        await eventually(async () => ((await stepsOf(cmdId)).includes(step) ? true : undefined));
      }
      await back.app.devices.tracker?.drain();
      expect(await stepsOf(acked.cmdId)).toEqual(['sent (server)', 'done (ack)']);
      expect(await stepsOf(reportedOn.cmdId)).toEqual(['sent (server)', 'done (status)']);
      expect(await stepsOf(reportedOff.cmdId)).toEqual(['sent (server)']);
      expect(await stepsOf(refusedAsExpired.cmdId)).toEqual(['sent (server)', 'expired (ack)']);
      // as the console reads them
      expect(await stateOf(back, acked.cmdId)).toMatchObject({ state: 'done' });
      expect(await stateOf(back, reportedOn.cmdId)).toMatchObject({ state: 'done' });
      expect(await stateOf(back, reportedOff.cmdId)).toMatchObject({ state: 'expired' });
      expect(await stateOf(back, refusedAsExpired.cmdId)).toMatchObject({ state: 'expired' });
    });

    it('records an answer once when several servers hear it at the same time', async () => {
      const repo = new CommandsRepository(opened.database.db);
      const cmdId = randomUUID();
      const now = new Date();
      await repo.insert(
        {
          id: cmdId,
          devId: target.devId,
          svc: 'setOutlet',
          args: { otlt: 5, state: 0 },
          actorKind: 'api',
          createdAt: now,
          expiresAt: now,
        },
        { cmdId, state: 'sent', at: now },
      );
      const answers = await Promise.all(
        [0, 1, 2].map(() => repo.answer({ cmdId, state: 'done', at: now, source: 'ack' })),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await stepsOf(cmdId)).toEqual(['sent (server)', 'done (ack)']);
    });
  },
);
