import { DEVICE_CLASSES, getDeviceSpec } from '@powerdeck/domain';
import type { z } from 'zod';
import { type DataSvc, type Svc, authedSvc } from '../../http/data-svc';
import { badRequest } from '../../http/errors';
import type { DeviceControlService, TargetQuery } from './device-control.service';
import {
  type ControlTarget,
  autoStatusUpdateInput,
  controlTarget,
  cycleOutletInput,
  cycleOutletsInput,
  renameInput,
  sequenceInput,
  setOutletInput,
} from './device-inputs';

/** A kid is addressed with its own id, its class in `kidClass` and its parent in `parentDevId`. */
function targetOf(input: ControlTarget): TargetQuery {
  return {
    siteId: input.siteId,
    devId: input.devId,
    devClass: input.kidClass ?? input.devClass,
    ...(input.parentDevId === undefined ? {} : { parentDevId: input.parentDevId }),
  };
}

function post<S extends z.ZodType>(
  input: S,
  handler: Parameters<typeof authedSvc<S>>[0]['handler'],
): Svc {
  return authedSvc({ methods: ['POST'], input, handler });
}

/**
 * `POST /data-svc/{class}.deviceControls/data-svc.php` (form-encoded, spec §7). Every call answers
 * `{cmdId, state}` at once; the outcome follows on the live stream and `deviceView svc=command`.
 */
export function registerDeviceControlRoutes(dataSvc: DataSvc, service: DeviceControlService) {
  const svcs: Record<string, Svc> = {
    setoutletstate: post(setOutletInput, ({ auth, input }) =>
      service.setOutlet(auth.user, targetOf(input), input.otlt, input.state),
    ),
    cycleoutlet: post(cycleOutletInput, ({ auth, input }) =>
      service.cycleOutlet(auth.user, targetOf(input), input.otlt),
    ),
    rename: post(renameInput, ({ auth, input }) =>
      service.rename(auth.user, targetOf(input), input.name),
    ),
    reboot: post(controlTarget, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'reboot', {}),
    ),
    findme: post(controlTarget, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'findMe', {}),
    ),
    // Ask the device to report its info (and its kids') again: a settings read answers with it.
    infoupd: post(controlTarget, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'settings', {}),
    ),
    familyupd: post(controlTarget, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'settings', {}),
    ),
    evtsubs: post(controlTarget, ({ auth, input }) =>
      service.subscribeEvents(auth.user, targetOf(input)),
    ),
    sequence: post(sequenceInput, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'sequence', { state: input.state }),
    ),
    cycgrp: post(controlTarget, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'cycleGroup', {}),
    ),
    cycotlts: post(cycleOutletsInput, ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'cycleGroup', { otlts: input.otlts }),
    ),
    autostatusupdate: post(autoStatusUpdateInput, ({ auth, input }) => {
      const target = targetOf(input);
      const spec = getDeviceSpec(input.kidClass ?? input.devClass).autoStatusUpdate;
      const other = spec.param === 'dur' ? 'duration' : 'dur';
      const value = input[spec.param];
      if (input[other] !== undefined || value === undefined) {
        throw badRequest(
          `${input.kidClass ?? input.devClass} takes ${spec.param}=${spec.seconds}, not ${other}.`,
          { [spec.param]: `${spec.param} is required` },
        );
      }
      return service.command(auth.user, target, 'autoStatusUpdate', { duration: value });
    }),
  };
  for (const devClass of DEVICE_CLASSES) dataSvc.area(`${devClass}.deviceControls`, svcs);
}
