import type {
  CommandResult,
  DeviceClass,
  DeviceSettings,
  DeviceSettingsRead,
} from '@powerdeck/domain';
import { api } from '../../../lib/api';

/** The device whose settings are shown: the page's device, or one of its kids. */
export interface SettingsTarget {
  siteId: string;
  /** The page's device (the parent for a kid). */
  devClass: DeviceClass;
  devId: string;
  kid?: { devClass: DeviceClass; devId: string };
}

/** The call's fields naming the target (a kid: its own id, `kidClass` and `parentDevId`). */
function addressOf(target: SettingsTarget) {
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

/** The settings' own device id (the kid's for a kid). */
export const settingsDevId = (target: SettingsTarget) => target.kid?.devId ?? target.devId;

/** One slot per device, beside its other resources (a resync of the device refreshes it). */
export const settingsKey = (target: SettingsTarget) =>
  ['devices', settingsDevId(target), 'settings'] as const;

/** `settingsManagement svc=getDeviceSettings`: asks the device (what it last reported if silent). */
export function getDeviceSettings(
  target: SettingsTarget,
  signal?: AbortSignal,
): Promise<DeviceSettingsRead> {
  return api.deviceSettings.getDeviceSettings(addressOf(target), signal ? { signal } : {});
}

/** `settingsManagement svc=saveDeviceSettings`: the changed settings, as a command. */
export function saveDeviceSettings(
  target: SettingsTarget,
  settings: DeviceSettings,
): Promise<CommandResult> {
  return api.deviceSettings.saveDeviceSettings({ ...addressOf(target), settings });
}

/** Where a command stands (`deviceView svc=command`), asked of the page's device. */
export function commandState(target: SettingsTarget, cmdId: string): Promise<CommandResult> {
  return api.deviceViews.command({
    siteId: target.siteId,
    devClass: target.devClass,
    devId: target.devId,
    cmdId,
  });
}
