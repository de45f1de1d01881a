import { editOutletsSchema } from '@powerdeck/domain';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import { badRequest } from '../../http/errors';
import type { DeviceControlService } from './device-control.service';
import type { DeviceListsService } from './device-lists.service';
import {
  bareDeviceInput,
  deviceListInput,
  deviceQueryInput,
  muteInput,
  siteInput,
  watchedDevicesInput,
} from './device-inputs';
import type { DevicesService } from './devices.service';

/** deviceView reads, updateOutlets, and the device lists, watches and mutes of spec §7. */
export function registerDeviceViewRoutes(
  dataSvc: DataSvc,
  deps: { devices: DevicesService; lists: DeviceListsService; control: DeviceControlService },
): void {
  const { devices, lists, control } = deps;
  const view = (
    read: (
      user: Parameters<DevicesService['meta']>[0],
      q: { siteId: string; devClass: string; devId: string },
    ) => Promise<unknown>,
  ) =>
    authedSvc({
      methods: ['GET'],
      input: deviceQueryInput,
      handler: ({ auth, input }) => read(auth.user, input),
    });

  dataSvc.area('deviceView', {
    meta: view((u, q) => devices.meta(u, q)),
    info: view((u, q) => devices.info(u, q)),
    status: view((u, q) => devices.status(u, q)),
    contact: view((u, q) => devices.contact(u, q)),
    outletStatus: view((u, q) => devices.outletStatus(u, q)),
    labels: view((u, q) => devices.labels(u, q)),
    command: authedSvc({
      methods: ['GET'],
      input: deviceQueryInput,
      handler: ({ auth, input }) => {
        if (input.cmdId === undefined)
          throw badRequest('cmdId is required', { cmdId: 'cmdId is required' });
        return devices.command(auth.user, input, input.cmdId);
      },
    }),
  });

  dataSvc.area('devices', {
    updateOutlets: authedSvc({
      methods: ['POST'],
      input: editOutletsSchema,
      handler: ({ auth, input }) => control.updateOutlets(auth.user, input),
    }),
  });

  const list = authedSvc({
    methods: ['GET'],
    input: deviceListInput,
    handler: ({ auth, input }) =>
      lists.list(auth.user, {
        siteId: input.siteId,
        withOutlets: input.withOutlets ?? false,
        pageNo: input.pageNo,
        ...(input.recordsPerPage === undefined ? {} : { recordsPerPage: input.recordsPerPage }),
      }),
  });
  const bySite = (
    read: (user: Parameters<DevicesService['meta']>[0], siteId: string) => Promise<unknown>,
  ) =>
    authedSvc({
      methods: ['GET'],
      input: siteInput,
      handler: ({ auth, input }) => read(auth.user, input.siteId),
    });

  dataSvc.area('siteManagement', {
    devList: list,
    devContact: bySite((u, s) => lists.contacts(u, s)),
  });
  dataSvc.area('locations', {
    getDevices: list,
    getDevContact: bySite((u, s) => lists.contacts(u, s)),
    getDeviceStatusDetails: bySite((u, s) => lists.statusDetails(u, s)),
    getDeviceWatchedMutedDetails: bySite((u, s) => lists.watchedMuted(u, s)),
    getWatchedDevices: authedSvc({
      methods: ['GET'],
      input: watchedDevicesInput,
      handler: ({ auth }) => lists.watched(auth.user),
    }),
  });
  dataSvc.area('firmwareUpgrade', {
    getDevicesFirmwareInfo: bySite((u, s) => lists.firmware(u, s)),
  });
  dataSvc.area('watchManagement', {
    addDevice: authedSvc({
      methods: ['GET', 'POST'],
      input: bareDeviceInput,
      handler: ({ auth, input }) => devices.setWatched(auth.user, input.devId, true),
    }),
    deleteDevice: authedSvc({
      methods: ['GET', 'POST'],
      input: bareDeviceInput,
      handler: ({ auth, input }) => devices.setWatched(auth.user, input.devId, false),
    }),
  });
  const mute = (muted: boolean) =>
    authedSvc({
      methods: ['GET', 'POST'],
      input: muteInput,
      handler: ({ auth, input }) =>
        devices.setMuted(
          auth.user,
          {
            siteId: input.siteId,
            devId: input.devId,
            ...(input.parentDevId === undefined ? {} : { parentDevId: input.parentDevId }),
          },
          muted,
        ),
    });
  dataSvc.area('mutesManagement', { muteDevice: mute(true), unmuteDevice: mute(false) });
}
