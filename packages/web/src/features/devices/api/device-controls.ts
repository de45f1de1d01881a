import type { CommandResult, DeviceClass, EditOutlets } from '@powerdeck/domain';
import { dataSvc, type QueryValue } from '../../../lib/api-client';

/** Where a control command goes: the panel's device, or one of its kids. */
export interface ControlTarget {
  siteId: string;
  /** The device whose panel is open (the parent for a kid). */
  devClass: DeviceClass;
  devId: string;
  /** Set for a kid: its class, and the parent's id. */
  kid?: { devClass: DeviceClass; devId: string };
}

/**
 * `POST /data-svc/{class}.deviceControls/data-svc.php` (form-encoded, spec §7). A kid is addressed
 * by its own id plus `kidClass` and `parentDevId`. Answers `{cmdId, state}`; the outcome follows
 * on the live stream.
 */
export function postControl(
  target: ControlTarget,
  svc: string,
  params: Record<string, QueryValue> = {},
): Promise<CommandResult> {
  const address = target.kid
    ? {
        siteId: target.siteId,
        devClass: target.devClass,
        devId: target.kid.devId,
        kidClass: target.kid.devClass,
        parentDevId: target.devId,
      }
    : { siteId: target.siteId, devClass: target.devClass, devId: target.devId };
  return dataSvc<CommandResult>(`${target.devClass}.deviceControls`, svc, {
    method: 'POST',
    form: { ...address, svc, ...params },
  });
}

/** `POST devices/dataSvc.php?svc=updateOutlets` (JSON): labels, locks and the device name. */
export function updateOutlets(edit: EditOutlets): Promise<{ ok: true }> {
  return dataSvc<{ ok: true }>('devices', 'updateOutlets', { method: 'POST', json: edit });
}
