import {
  type EventCalendar,
  type EventEntry,
  type EventPage,
  type TopicAddress,
  deviceTopic,
} from '@powerdeck/domain';
import type { DevicePlan } from '@powerdeck/simulator';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenedTestDatabase } from '../../test/databases';
import { type DeviceWorld, buildDeviceWorld } from '../../test/devices';
import { TEST_ORIGIN, type TestApp, TestClock, startTestApp } from '../../test/test-app';
import { FakeLink } from '../devices/test-fakes';

/** Test helpers of the event-log suites: an app whose device link the test plays the devices on. */

export type Who = keyof DeviceWorld['cookies'] | 'nobody';

export interface EventLogWorld {
  t: TestApp;
  clock: TestClock;
  link: FakeLink;
  world: DeviceWorld;
  /** An m4315 (8 outlets, power condition labels). */
  meter: DevicePlan;
  /** A bb1000 with at least one kid. */
  parent: DevicePlan;
  kid: DevicePlan['kids'][number];
  cookie(who: Who): string;
  /** A message from a device (or kid) on one of its topics. */
  say(
    address: TopicAddress,
    kind: 'online' | 'event' | 'ack' | 'status',
    payload: unknown,
    retained?: boolean,
  ): void;
  /** A control POST (spec §7) as the console sends it; answers the command's id. */
  control(
    who: Who,
    device: { devId: string; devClass: string },
    svc: string,
    fields: Record<string, string>,
    parent?: DevicePlan,
  ): Promise<LightMyRequestResponse>;
  /** An eventLogs call. */
  call(who: Who, svc: string, query: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Every entry of the location (or the query), newest first, all pages. */
  entries(query?: Record<string, string>): Promise<EventEntry[]>;
  calendar(month: string, query?: Record<string, string>): Promise<EventCalendar>;
  /** Waits until what the hub and the tracker received is in the database. */
  settle(): Promise<void>;
}

export async function startEventLogWorld(opened: OpenedTestDatabase): Promise<EventLogWorld> {
  const clock = new TestClock(Date.parse('2024-05-01T12:00:00Z'));
  const link = new FakeLink();
  const t = await startTestApp(opened.database, { clock, devices: { link } });
  const world = await buildDeviceWorld(opened.database, clock, { count: 15 });
  const meter = world.plan.find((p) => p.devClass === 'm4315');
  const parent = world.plan.find((p) => p.devClass === 'bb1000' && p.kids.length > 0);
  const kid = parent?.kids[0];
  if (!meter || !parent || !kid) throw new Error('the plan lacks an m4315 or a bb1000 with kids');
  const cookie = (who: Who) => (who === 'nobody' ? '' : world.cookies[who]);
  const call = (who: Who, svc: string, query: Record<string, string>) =>
    t.app.inject({
      url: `/data-svc/eventLogs/data-svc.php?${new URLSearchParams({ svc, ...query }).toString()}`,
      headers: { cookie: cookie(who) },
    });
  const self: EventLogWorld = {
    t,
    clock,
    link,
    world,
    meter,
    parent,
    kid,
    cookie,
    say(address, kind, payload, retained = false) {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      link.deliver(deviceTopic(address, kind), text, retained);
    },
    control(who, device, svc, fields, parentPlan) {
      return t.app.inject({
        method: 'POST',
        url: `/data-svc/${parentPlan?.devClass ?? device.devClass}.deviceControls/data-svc.php?svc=${svc}`,
        headers: {
          cookie: cookie(who),
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          siteId: world.siteId,
          devClass: parentPlan?.devClass ?? device.devClass,
          devId: device.devId,
          ...(parentPlan ? { kidClass: device.devClass, parentDevId: parentPlan.devId } : {}),
          ...fields,
        }).toString(),
      });
    },
    call,
    async entries(query = {}) {
      const all: EventEntry[] = [];
      let before: string | null = null;
      do {
        const response = await call('admin', 'getEvents', {
          siteId: world.siteId,
          limit: '200',
          ...query,
          ...(before ? { before } : {}),
        });
        if (response.statusCode !== 200) throw new Error(response.body);
        const page = response.json<EventPage>();
        all.push(...page.records);
        before = page.next;
      } while (before);
      return all;
    },
    async calendar(month, query = {}) {
      const response = await call('admin', 'getEventCalendar', {
        siteId: world.siteId,
        month,
        ...query,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json<EventCalendar>();
    },
    async settle() {
      await t.app.devices.tracker?.drain();
      await t.app.eventLogs.writer.flush();
    },
  };
  return self;
}
