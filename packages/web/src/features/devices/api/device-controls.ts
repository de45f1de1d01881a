import type { CommandResult, DeviceClass, EditOutlets } from '@powerdeck/domain';
import { api } from '../../../lib/api';

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
 * The form fields naming the target (spec §7): a kid is addressed by its own id plus `kidClass`
 * and `parentDevId`, at its parent's `{class}.deviceControls`.
 */
function addressOf(target: ControlTarget) {
  return target.kid
    ? {
        siteId: target.siteId,
        devClass: target.devClass,
        devId: target.kid.devId,
        kidClass: target.kid.devClass,
        parentDevId: target.devId,
      }
    : { siteId: target.siteId, devClass: target.devClass, devId: target.devId };
}

/*
 * `POST /data-svc/{class}.deviceControls/data-svc.php` (form-encoded, spec §7), with `svc` among
 * the fields as the spec sends it. Each answers `{cmdId, state}`; the outcome follows on the live
 * stream.
 */

/**
 * `confirmed`: the user confirmed switching off an outlet that feeds the location's network (the
 * server refuses such a switch-off with 409 until then, issue 15).
 */
export function setOutletState(
  target: ControlTarget,
  otlt: number,
  state: 0 | 1,
  options: { confirmed?: boolean } = {},
): Promise<CommandResult> {
  return api.deviceControls.setoutletstate({
    ...addressOf(target),
    svc: 'setoutletstate',
    otlt,
    state,
    ...(options.confirmed && { confirmed: true }),
  });
}

export function cycleOutlet(target: ControlTarget, otlt: number): Promise<CommandResult> {
  return api.deviceControls.cycleoutlet({ ...addressOf(target), svc: 'cycleoutlet', otlt });
}

export function renameDevice(target: ControlTarget, name: string): Promise<CommandResult> {
  return api.deviceControls.rename({ ...addressOf(target), svc: 'rename', who: 'dev', name });
}

export function runSequence(target: ControlTarget, state: 0 | 1): Promise<CommandResult> {
  return api.deviceControls.sequence({ ...addressOf(target), svc: 'sequence', state });
}

/** One sequencer's command of a relayed sequence. */
export type RelayedSequence = CommandResult & { devId: string };

/**
 * bb232 `sequencers.php?req=sequenceonoff` (spec §7): the adapter runs the sequence of every
 * attached sequencer, or of the one named; the answer has one command per sequencer.
 */
export async function relaySequence(
  adapterDevId: string,
  op: 'on' | 'off',
  sequencerId?: string,
): Promise<RelayedSequence[]> {
  const result = await api.legacyDevice.sequencers({
    req: 'sequenceonoff',
    devId: adapterDevId,
    command: op,
    ...(sequencerId !== undefined && { sequencerid: sequencerId }),
  });
  if ('records' in result) {
    return result.records.flatMap((r) => ('cmdId' in r ? [r] : []));
  }
  if ('cmdId' in result) return [{ ...result, devId: sequencerId ?? adapterDevId }];
  throw new Error('sequenceonoff answered no command');
}

/** The cycle group: by `cycgrp`, or by listing its outlets (`cycotlts`, firmware 1.0.0). */
export function cycleGroup(
  target: ControlTarget,
  otlts?: readonly number[],
): Promise<CommandResult> {
  return otlts === undefined
    ? api.deviceControls.cycgrp({ ...addressOf(target), svc: 'cycgrp' })
    : api.deviceControls.cycotlts({
        ...addressOf(target),
        svc: 'cycotlts',
        otlts: otlts.join(','),
      });
}

export function findMe(target: ControlTarget): Promise<CommandResult> {
  return api.deviceControls.findme({ ...addressOf(target), svc: 'findme' });
}

export function reboot(target: ControlTarget): Promise<CommandResult> {
  return api.deviceControls.reboot({ ...addressOf(target), svc: 'reboot' });
}

/** Frequent status reports for `seconds` (the class's parameter: `dur` or `duration`). */
export function requestAutoStatusUpdate(
  target: ControlTarget,
  param: 'dur' | 'duration',
  seconds: number,
): Promise<CommandResult> {
  const svc = 'autostatusupdate';
  return api.deviceControls.autostatusupdate(
    param === 'dur'
      ? { ...addressOf(target), svc, dur: seconds }
      : { ...addressOf(target), svc, duration: seconds },
  );
}

/** `POST devices/dataSvc.php?svc=updateOutlets` (JSON): labels, locks and the device name. */
export function updateOutlets(edit: EditOutlets): Promise<{ ok: true }> {
  return api.deviceViews.updateOutlets(edit);
}
