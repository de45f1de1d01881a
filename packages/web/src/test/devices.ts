import type {
  DeviceContact,
  DeviceKid,
  DeviceMeta,
  DeviceOutlet,
  DeviceStatusView,
  LiveEvent,
  LiveEventsPage,
} from '@powerdeck/domain';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { publicConfig, signedInUser, stubApi, type FakeResponse } from './render';

/** Test-data builders for the device screens (CONVENTIONS "Tests"). */

// These tests render the whole console and follow commands through the polling fallback; on a
// busy two-core machine the first render of a lazy page alone can take several seconds.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 45_000 });

export const SITE = 'S1';
export const nowSec = () => Math.floor(Date.now() / 1000);

export function buildOutlets(
  count: number,
  overrides: Partial<DeviceOutlet>[] = [],
): DeviceOutlet[] {
  return Array.from({ length: count }, (_, i) => ({
    otltId: i + 1,
    name1: `Outlet ${i + 1} name`,
    locked: false,
    ...overrides[i],
  }));
}

export function buildMeta(overrides: Partial<DeviceMeta> = {}): DeviceMeta {
  return {
    siteId: SITE,
    devClass: 'm4315',
    devId: 'AA0000000001',
    devName: 'Rack M4315',
    fwVer: '2.0.0',
    parentDevId: null,
    permLvl: 'owner',
    locationLocked: false,
    kids: [],
    outlets: buildOutlets(8),
    cycGrp: [],
    seqGrp: [],
    ntwkinvhash: 'h1',
    ...overrides,
  };
}

export function buildStatus(
  otlts: boolean[],
  overrides: Partial<DeviceStatusView> = {},
): DeviceStatusView {
  return {
    time: nowSec(),
    sysTime: nowSec(),
    otlts,
    voltage: 120.44,
    amperage: 1.234,
    wattage: 148.26,
    ...overrides,
  };
}

export const connectedContact = (): DeviceContact => ({
  conf: null,
  lastContact: nowSec(),
  sysTime: nowSec(),
});
export const staleContact = (): DeviceContact => ({
  conf: null,
  lastContact: nowSec() - 600,
  sysTime: nowSec(),
});

export function buildKid(overrides: Partial<DeviceKid> = {}): DeviceKid {
  return {
    devId: 'BB0000000002',
    devClass: 'kf1500',
    siteId: SITE,
    info: { name: 'UPS on card', otlts: buildOutlets(4) },
    status: null,
    contact: connectedContact(),
    ...overrides,
  };
}

/** Live events handed out by the polling fallback (jsdom has no EventSource). */
export function eventQueue() {
  const queue: LiveEvent[] = [];
  let seq = 1;
  return {
    push: (event: LiveEvent) => queue.push(event),
    answer: (): FakeResponse => {
      const page: LiveEventsPage = {
        timestamp: Date.now(),
        events: queue.splice(0).map((event) => ({ seq: seq++, at: Date.now(), event })),
      };
      return { body: page };
    },
  };
}

export interface DeviceApi {
  meta: DeviceMeta;
  status?: Record<string, DeviceStatusView | null>;
  contact?: Record<string, DeviceContact>;
  user?: typeof signedInUser | Record<string, unknown>;
  extra?: Record<string, FakeResponse | ((url: URL) => FakeResponse)>;
}

/** Stubs the calls the device screens make, answering per device id. */
export function stubDeviceApi(api: DeviceApi) {
  const events = eventQueue();
  const devIdOf = (url: URL) => url.searchParams.get('devId') ?? '';
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: api.user ?? signedInUser } },
    meta: { body: api.meta },
    status: (url) => ({
      body: {
        devId: devIdOf(url),
        devClass: api.meta.devClass,
        status: api.status?.[devIdOf(url)] ?? null,
      },
    }),
    contact: (url) => ({
      body: { devId: devIdOf(url), ...(api.contact?.[devIdOf(url)] ?? connectedContact()) },
    }),
    autostatusupdate: { body: { cmdId: 'auto', state: 'sent' } },
    'eventPuller:': () => events.answer(),
    ...api.extra,
  });
  return { fetchMock, events };
}

export function controlsPath(meta: DeviceMeta, query = ''): string {
  return `/locations/${meta.siteId}/devices/${meta.devId}/${meta.devClass}/controls${query}`;
}
