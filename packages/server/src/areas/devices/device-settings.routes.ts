import { type DeviceClass, callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { TargetQuery } from './device-control.service';
import type { DeviceSettingsService } from './device-settings.service';

/** The page's device, or a kid of it by its own id, `kidClass` and `parentDevId` (spec §7). */
function targetOf(input: {
  siteId: string;
  devClass: DeviceClass;
  devId: string;
  kidClass?: DeviceClass | undefined;
  parentDevId?: string | undefined;
}): TargetQuery {
  return {
    siteId: input.siteId,
    devId: input.devId,
    devClass: input.kidClass ?? input.devClass,
    ...(input.parentDevId === undefined ? {} : { parentDevId: input.parentDevId }),
  };
}

/** `settingsManagement svc=getDeviceSettings` and `svc=saveDeviceSettings` (issue 14). */
export function registerDeviceSettingsRoutes(
  calls: CallRegistry,
  service: DeviceSettingsService,
): void {
  calls.implement(callTable.deviceSettings, {
    getDeviceSettings: ({ auth, input }) => service.read(auth.user, targetOf(input)),
    saveDeviceSettings: ({ auth, input }) =>
      service.save(auth.user, targetOf(input), input.settings),
  });
}
