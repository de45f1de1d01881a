import { callTable } from '@powerdeck/domain';
import type { CallContext, CallRegistry } from '../../http/contract';
import type { DeviceControlService } from './device-control.service';
import type { DeviceListsService } from './device-lists.service';
import type { DevicesService } from './devices.service';

/** deviceView reads, updateOutlets, and the device lists, watches and mutes of spec §7. */
export function registerDeviceViewRoutes(
  calls: CallRegistry,
  deps: { devices: DevicesService; lists: DeviceListsService; control: DeviceControlService },
): void {
  const { devices, lists, control } = deps;
  const list = ({ auth, input }: CallContext<typeof callTable.deviceViews.devList>) =>
    lists.list(auth.user, {
      siteId: input.siteId,
      withOutlets: input.withOutlets ?? false,
      pageNo: input.pageNo,
      ...(input.recordsPerPage === undefined ? {} : { recordsPerPage: input.recordsPerPage }),
    });

  calls.implement(callTable.deviceViews, {
    meta: ({ auth, input }) => devices.meta(auth.user, input),
    info: ({ auth, input }) => devices.info(auth.user, input),
    status: ({ auth, input }) => devices.status(auth.user, input),
    contact: ({ auth, input }) => devices.contact(auth.user, input),
    outletStatus: ({ auth, input }) => devices.outletStatus(auth.user, input),
    labels: ({ auth, input }) => devices.labels(auth.user, input),
    command: ({ auth, input }) => devices.command(auth.user, input, input.cmdId),
    updateOutlets: ({ auth, input }) => control.updateOutlets(auth.user, input),
    devList: list,
    devContact: ({ auth, input }) => lists.contacts(auth.user, input.siteId),
    getDevices: list,
    getDevContact: ({ auth, input }) => lists.contacts(auth.user, input.siteId),
    getDeviceStatusDetails: ({ auth, input }) => lists.statusDetails(auth.user, input.siteId),
    getDeviceWatchedMutedDetails: ({ auth, input }) => lists.watchedMuted(auth.user, input.siteId),
    getWatchedDevices: ({ auth }) => lists.watched(auth.user),
    addDevice: ({ auth, input }) => devices.setWatched(auth.user, input.devId, true),
    deleteDevice: ({ auth, input }) => devices.setWatched(auth.user, input.devId, false),
    muteDevice: ({ auth, input }) => devices.setMuted(auth.user, muteTarget(input), true),
    unmuteDevice: ({ auth, input }) => devices.setMuted(auth.user, muteTarget(input), false),
  });
}

function muteTarget(input: { siteId: string; devId: string; parentDevId?: string | undefined }) {
  return {
    siteId: input.siteId,
    devId: input.devId,
    ...(input.parentDevId === undefined ? {} : { parentDevId: input.parentDevId }),
  };
}
