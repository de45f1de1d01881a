import {
  deviceClassSchema,
  deviceNameSchema,
  getDeviceSpec,
  outletLabelSchema,
  type DeviceMeta,
  type EditOutlets,
} from '@powerdeck/domain';
import { z } from 'zod';

/** The edit-outlets form (spec §3 Edit payload, §5): per device a name, per outlet labels and a lock. */
export const editOutletsFormSchema = z.object({
  devices: z.array(
    z.object({
      devId: z.string(),
      devClass: deviceClassSchema,
      name: deviceNameSchema,
      outlets: z.array(
        z.object({
          otltId: z.number().int().min(1),
          labels: z.array(outletLabelSchema),
          locked: z.boolean(),
        }),
      ),
    }),
  ),
});
export type EditOutletsForm = z.input<typeof editOutletsFormSchema>;
export type EditOutletsValues = z.output<typeof editOutletsFormSchema>;

/** The form's starting values: every device of the panel that has outlets. */
export function editOutletsDefaults(meta: DeviceMeta): EditOutletsForm {
  const own = {
    devId: meta.devId,
    devClass: meta.devClass,
    name: meta.devName,
    otlts: meta.outlets,
  };
  const kids = meta.kids.map((kid) => ({
    devId: kid.devId,
    devClass: kid.devClass,
    name: kid.info.name,
    otlts: kid.info.otlts,
  }));
  return {
    devices: [own, ...kids]
      .filter((device) => getDeviceSpec(device.devClass).outletCount > 0)
      .map((device) => {
        const spec = getDeviceSpec(device.devClass);
        return {
          devId: device.devId,
          devClass: device.devClass,
          name: device.name,
          outlets: Array.from({ length: spec.outletCount }, (_, i) => {
            const outlet = device.otlts.find((o) => o.otltId === i + 1);
            const names = [outlet?.name1, outlet?.name2, outlet?.name3];
            return {
              otltId: i + 1,
              labels: names.slice(0, spec.bankLabelCount).map((name) => name ?? ''),
              locked: outlet?.locked ?? false,
            };
          }),
        };
      }),
  };
}

/** The `updateOutlets` body, and the kids whose names changed (renamed by command). */
export function toEditOutlets(
  meta: DeviceMeta,
  values: EditOutletsValues,
): {
  edit: EditOutlets;
  kidNames: { devId: string; devClass: EditOutlets['devClass']; name: string }[];
} {
  const own = values.devices.find((d) => d.devId === meta.devId);
  const kidNames = values.devices
    .filter((d) => d.devId !== meta.devId)
    .filter((d) => d.name !== meta.kids.find((k) => k.devId === d.devId)?.info.name)
    .map((d) => ({ devId: d.devId, devClass: d.devClass, name: d.name }));
  return {
    edit: {
      siteId: meta.siteId,
      devId: meta.devId,
      devClass: meta.devClass,
      ...(own && own.name !== meta.devName ? { newDevName: own.name } : {}),
      outlets: values.devices.map((device) => ({
        devId: device.devId,
        devClass: device.devClass,
        info: device.outlets.flatMap((outlet) =>
          outlet.labels.map((name, index) => ({
            otltId: outlet.otltId,
            lblId: index + 1,
            name,
            state: outlet.locked ? (1 as const) : (0 as const),
          })),
        ),
      })),
    },
    kidNames,
  };
}
