import { type DeviceClass, callTable, getDeviceSpec } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { AuthContext } from '../../http/data-svc';
import { badRequest } from '../../http/errors';
import type { DeviceControlService, TargetQuery } from './device-control.service';
import type { DeviceSettingsService } from './device-settings.service';

/** Every control call's target fields (spec §7). */
interface ControlTarget {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
  kidClass?: DeviceClass | undefined;
  parentDevId?: string | undefined;
}

/** A kid is addressed with its own id, its class in `kidClass` and its parent in `parentDevId`. */
function targetOf(input: ControlTarget): TargetQuery {
  return {
    siteId: input.siteId,
    devId: input.devId,
    devClass: input.kidClass ?? input.devClass,
    ...(input.parentDevId === undefined ? {} : { parentDevId: input.parentDevId }),
  };
}

/**
 * `POST /data-svc/{class}.deviceControls/data-svc.php` (form-encoded, spec §7), for every device
 * class. Every call answers `{cmdId, state}` at once; the outcome follows on the live stream and
 * `deviceView svc=command`.
 */
export function registerDeviceControlRoutes(
  calls: CallRegistry,
  service: DeviceControlService,
  deviceSettings: DeviceSettingsService,
) {
  // a settings read: the device answers its settings, which the console keeps
  const settings = ({ auth, input }: { auth: AuthContext; input: ControlTarget }) =>
    deviceSettings.refresh(auth.user, targetOf(input));
  calls.implement(callTable.deviceControls, {
    setoutletstate: ({ auth, input }) =>
      service.setOutlet(auth.user, targetOf(input), input.otlt, input.state, input.confirmed),
    cycleoutlet: ({ auth, input }) => service.cycleOutlet(auth.user, targetOf(input), input.otlt),
    rename: ({ auth, input }) => service.rename(auth.user, targetOf(input), input.name),
    reboot: ({ auth, input }) => service.command(auth.user, targetOf(input), 'reboot', {}),
    findme: ({ auth, input }) => service.command(auth.user, targetOf(input), 'findMe', {}),
    // Ask the device to report its info (and its kids') again: a settings read answers with it.
    infoupd: settings,
    familyupd: settings,
    evtsubs: ({ auth, input }) => service.subscribeEvents(auth.user, targetOf(input)),
    sequence: ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'sequence', { state: input.state }),
    cycgrp: ({ auth, input }) => service.command(auth.user, targetOf(input), 'cycleGroup', {}),
    cycotlts: ({ auth, input }) =>
      service.command(auth.user, targetOf(input), 'cycleGroup', { otlts: input.otlts }),
    autostatusupdate: ({ auth, input }) => {
      const devClass = input.kidClass ?? input.devClass;
      const spec = getDeviceSpec(devClass).autoStatusUpdate;
      const other = spec.param === 'dur' ? 'duration' : 'dur';
      const value = input[spec.param];
      if (input[other] !== undefined || value === undefined) {
        throw badRequest(`${devClass} takes ${spec.param}=${spec.seconds}, not ${other}.`, {
          [spec.param]: `${spec.param} is required`,
        });
      }
      return service.command(auth.user, targetOf(input), 'autoStatusUpdate', { duration: value });
    },
  });
}
