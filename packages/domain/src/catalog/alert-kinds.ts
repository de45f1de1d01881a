import { z } from 'zod';
import type { DeviceClass } from './device-class';
import type { DeviceSpec, StatusField } from './device-spec';
import { takesPingTargets } from '../network/auto-ping';
import { findDeviceSpec, getDeviceSpec } from './registry';

/**
 * What raised an alert (the server's alert rules; docs/alerts.md decides what is an alert and
 * what only an event): the device went offline past its location's grace period or came back, its
 * power condition changed, its battery ran low, a fault appeared, a command to it failed (a
 * user's, a schedule's or a firmware upgrade's) or a schedule sent it nothing, or its network (a ping target failed, an auto-reboot,
 * the reboot cap reached, a network-feeding outlet switched off); `energy` is a location's: its
 * monthly energy budget (forecast at 80 %, cost to date at 100 %), sent to everyone with a level
 * there who has not muted it. A user subscribes to each device kind per device. `outlet` (an outlet
 * switching) is raised no more — someone's deliberate action is an event, not an alert — and stays
 * in the list only so alerts and subscriptions stored before read back.
 */
export const alertKindSchema = z.enum(
  ['offline', 'online', 'power', 'battery', 'fault', 'outlet', 'command', 'network', 'energy'],
  { message: 'kind must be an alert kind' },
);
export type AlertKind = z.infer<typeof alertKindSchema>;
export const ALERT_KINDS = alertKindSchema.options;

/** The status fields whose faults the alert rules raise (besides a dc12ip's Efuse faults). */
const FAULT_STATUS_FIELDS = [
  'avmfault',
  'wiringfault',
  'brkrfault',
] as const satisfies readonly StatusField[];

/**
 * The alert kinds a class can raise, read from its family in the catalog: every device can go
 * offline, come back and fail a command; the
 * power condition changes on one that reports power conditions; the battery runs low on one with
 * a battery; faults appear on one whose status has fault fields or whose outputs have Efuses;
 * network alerts come from a device that runs auto-ping.
 */
export function alertKindsOf(devClass: DeviceClass): readonly AlertKind[] {
  return kindsOfSpec(getDeviceSpec(devClass));
}

/** `alertKindsOf` for a class named by untrusted text: none for an unknown class. */
export function findAlertKinds(devClass: string): readonly AlertKind[] {
  const spec = findDeviceSpec(devClass);
  return spec ? kindsOfSpec(spec) : [];
}

function kindsOfSpec(spec: DeviceSpec): AlertKind[] {
  const fields = new Set<string>(spec.statusColumns.map((c) => c.field));
  const raises: Record<AlertKind, boolean> = {
    offline: true,
    online: true,
    power: spec.powerConditionLabels.length > 0,
    battery: spec.panels.battery,
    fault: spec.efuseOutputs || FAULT_STATUS_FIELDS.some((f) => fields.has(f)),
    // an outlet switching is an event, not an alert (docs/alerts.md)
    outlet: false,
    command: true,
    network: takesPingTargets(spec),
    // a location's budget, not a device's
    energy: false,
  };
  return ALERT_KINDS.filter((kind) => raises[kind]);
}
