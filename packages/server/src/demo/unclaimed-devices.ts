import type { DeviceClass } from '@powerdeck/domain';
import type { PasswordHasher } from '../infra/passwords';
import { type BuiltDevices, buildDeviceGroup } from './device-plan';

/**
 * Devices waiting to be added (spec §2 Add a New Device): Ethernet devices nobody has claimed,
 * with the claim keys printed on their labels, and wireless devices a demo gateway hears that
 * have not joined. Only the keys' hashes are stored; the keys are printed at start.
 */
export const DEMO_UNCLAIMED_ETHERNET: readonly {
  devId: string;
  devClass: DeviceClass;
  claimKey: string;
}[] = [
  { devId: '1065A3C0DE01', devClass: 'm4315', claimKey: 'PD7KQ2M9X4TB' },
  { devId: '1065A3C0DE02', devClass: 'f1500', claimKey: 'H3RW8ZLC5NVA' },
  { devId: '1065A3C0DE03', devClass: 'dc12ip', claimKey: 'M6TJ2QXB9KEP' },
  { devId: '1065A3C0DE04', devClass: 'vt1512', claimKey: 'Y4CN7FWR3DHS' },
  { devId: '1065A3C0DE05', devClass: 'c3ip', claimKey: 'B8LV5KPZ2GQM' },
];

export const DEMO_UNJOINED_WIRELESS: readonly { devId: string; devClass: DeviceClass }[] = [
  { devId: '1065A3C0DE11', devClass: 'sp1000' },
  { devId: '1065A3C0DE12', devClass: 'md2zb' },
  { devId: '1065A3C0DE13', devClass: 'sp1000' },
];

/** `1065A3C0DE01` → `10-65-A3-C0-DE-01`, `PD7KQ2M9X4TB` → `PD7K-Q2M9-X4TB`, as on a label. */
export const labelText = (id: string, size: number) =>
  id.match(new RegExp(`.{1,${size}}`, 'g'))?.join('-') ?? id;

/** Rows for the devices above; the wireless ones are heard by `gatewayDevId` (a demo bb1000). */
export async function buildUnclaimedDevices(
  passwords: PasswordHasher,
  gatewayDevId: string | undefined,
  now: Date,
): Promise<BuiltDevices> {
  const built: BuiltDevices = { devices: [], outlets: [] };
  const add = (devId: string, devClass: DeviceClass, n: number, extra: object) => {
    const group = buildDeviceGroup(
      { template: { parent: devClass, kids: [] }, siteId: '', n, active: true },
      now,
      () => devId,
    );
    for (const device of group.devices) {
      built.devices.push({ ...device, siteId: null, lastContact: null, sysTime: null, ...extra });
    }
    built.outlets.push(...group.outlets);
  };
  for (const [i, d] of DEMO_UNCLAIMED_ETHERNET.entries()) {
    add(d.devId, d.devClass, 90 + i, { claimKeyHash: await passwords.hash(d.claimKey) });
  }
  if (gatewayDevId !== undefined) {
    for (const [i, d] of DEMO_UNJOINED_WIRELESS.entries()) {
      add(d.devId, d.devClass, 95 + i, { nearGatewayId: gatewayDevId, devName: '' });
    }
  }
  return built;
}
