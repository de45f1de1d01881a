import type {
  DeviceDiscovery,
  DevicePing,
  DiscoveryRun,
  LocationNetwork,
  LocationSettingsView,
  NetworkDevice,
  NetworkOutlet,
  PermLvl,
  PingTargetView,
} from '@powerdeck/domain';
import { buildLocationSettings } from '../../../test/locations';

/** Test-data builders for Network Management and Discover Units. */

export const SITE = 'S1';
export const RACK = 'AA0000000001';
export const GATEWAY = 'DD0000000004';
export const PLUG = 'EE0000000005';
export const ADAPTER = 'FF0000000006';

/** 2024-07-05 04:30 UTC: Jul/04/2024 08:30:00 PM at GMT -8.00 without DST. */
export const REPLY_SEC = Date.UTC(2024, 6, 5, 4, 30) / 1000;

export function buildOutlets(devId: string, count: number, names: string[] = []): NetworkOutlet[] {
  return Array.from({ length: count }, (_, i) => ({
    devId,
    devClass: 'm4315',
    otlt: i + 1,
    name: names[i] ?? '',
    feedsNetwork: false,
    source: null,
  }));
}

export function buildTarget(overrides: Partial<PingTargetView> = {}): PingTargetView {
  return {
    host: '8.8.8.8',
    window: 'Fast',
    action: 'none',
    outlets: [],
    maxReboots: 3,
    holdOffSec: 300,
    state: 'pass',
    lastReply: REPLY_SEC,
    rebootsToday: 0,
    ...overrides,
  };
}

export function buildPing(overrides: Partial<DevicePing> = {}): DevicePing {
  return {
    devId: RACK,
    version: 1,
    appliedVersion: 1,
    pending: false,
    targets: [],
    ...overrides,
  };
}

export function buildNetworkDevice(overrides: Partial<NetworkDevice> = {}): NetworkDevice {
  return {
    devId: RACK,
    devClass: 'm4315',
    devName: 'Rack M4315',
    connected: true,
    ip: '192.168.1.20',
    mac: '10:65:A3:00:00:01',
    lastContact: REPLY_SEC,
    fwVer: '2.0.0',
    gateway: false,
    kids: [],
    ping: buildPing(),
    outlets: buildOutlets(RACK, 8, ['Modem', 'Router']),
    ...overrides,
  };
}

export function buildGateway(): NetworkDevice {
  return buildNetworkDevice({
    devId: GATEWAY,
    devClass: 'bb1000',
    devName: 'Lobby Gateway',
    ip: '192.168.1.30',
    mac: '10:65:A3:00:00:04',
    gateway: true,
    connected: false,
    ping: null,
    outlets: [],
    kids: [
      {
        devId: PLUG,
        devClass: 'sp1000',
        devName: 'Desk Plug',
        connected: true,
        ip: null,
        mac: PLUG,
        lastContact: REPLY_SEC,
        fwVer: '1.2.0',
        rssi: -62,
      },
    ],
  });
}

export function buildNetwork(
  devices: NetworkDevice[],
  permLvl: PermLvl = 'owner',
): LocationNetwork {
  return { siteId: SITE, permLvl, canEdit: permLvl !== 'CLIENT', devices };
}

export function buildSettings(permLvl: PermLvl = 'owner'): LocationSettingsView {
  return buildLocationSettings({}, { siteId: SITE, permLvl });
}

export function buildRun(overrides: Partial<DiscoveryRun> = {}): DiscoveryRun {
  return {
    runId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    devId: ADAPTER,
    phase: 'starting',
    found: null,
    reason: null,
    units: [],
    startedAt: REPLY_SEC,
    endedAt: null,
    ...overrides,
  };
}

export function buildDiscovery(overrides: Partial<DeviceDiscovery> = {}): DeviceDiscovery {
  return {
    devId: ADAPTER,
    devClass: 'bb232',
    supported: true,
    units: [{ devId: 'AB0001', devClass: 'cn1800', name: 'Sequencer 1' }],
    run: null,
    ...overrides,
  };
}
