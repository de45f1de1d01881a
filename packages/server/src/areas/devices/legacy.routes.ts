import { callTable, deviceNameSchema } from '@powerdeck/domain';
import { z } from 'zod';
import type { CallRegistry } from '../../http/contract';
import { badRequest } from '../../http/errors';
import { zodFields } from '../../http/validation';
import type { DeviceControlService } from './device-control.service';
import type { DevicesService } from './devices.service';

/** A field a `req` reads besides the call's input (the rename's name, the sequence's command). */
function parseField<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error);
  throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
}

const sequenceCommand = z.enum(['on', 'off', '1', '0'], {
  message: "command must be 'on' or 'off'",
});

/**
 * Calls whose path is the call, without `svc`: device settings (`settingsManagement/devGet.php`)
 * and the bb232 adapter's `sequencers.php`, dispatched on `req` (spec §7).
 */
export function registerLegacyDeviceRoutes(
  calls: CallRegistry,
  deps: { devices: DevicesService; control: DeviceControlService },
): void {
  calls.implement(callTable.legacyDevice, {
    devGet: ({ auth, input }) =>
      deps.devices.settings(auth.user, {
        devId: input.devId,
        ...(input.devClass ? { devClass: input.devClass } : {}),
      }),

    sequencers: async ({ auth, input }) => {
      const caller = auth.user;
      const device = { devId: input.devId };
      switch (input.req) {
        case 'redraw':
          return deps.devices.meta(caller, device);
        case 'alllatesttime': {
          const meta = await deps.devices.meta(caller, device);
          const own = await deps.devices.contact(caller, device);
          return {
            records: [own, ...meta.kids.map((k) => ({ devId: k.devId, ...k.contact }))],
          };
        }
        case 'requeststatusupdate':
          return deps.control.command(caller, device, 'autoStatusUpdate', { duration: 900 });
        case 'setDevName': {
          const name = parseField(deviceNameSchema, input.value ?? '');
          return deps.control.rename(caller, device, name);
        }
        case 'sequenceonoff': {
          const state = parseField(sequenceCommand, input.command);
          const args = { state: state === 'on' || state === '1' ? 1 : 0 };
          const adapter = await deps.devices.meta(caller, device);
          if (adapter.devClass !== 'bb232')
            return deps.control.command(caller, device, 'sequence', args);
          // The adapter itself has no outlets: it relays the sequence to one sequencer
          // (`sequencerid`) or to every sequencer attached to it.
          const units = input.sequencerid
            ? adapter.kids.filter((k) => k.devId === input.sequencerid)
            : adapter.kids;
          if (units.length === 0) {
            throw badRequest(
              input.sequencerid
                ? `Sequencer ${input.sequencerid} is not attached to this adapter.`
                : 'No sequencer is attached to this adapter.',
            );
          }
          const records = [];
          for (const unit of units) {
            const result = await deps.control.command(
              caller,
              { devId: unit.devId, parentDevId: input.devId },
              'sequence',
              args,
            );
            records.push({ devId: unit.devId, ...result });
          }
          return { records };
        }
        case 'setoutletstate': {
          if (!input.sequencerid || input.ostate === undefined || input.outletid === undefined) {
            throw badRequest('sequencerid, outletid and ostate are required');
          }
          return deps.control.setOutlet(
            caller,
            { devId: input.sequencerid, parentDevId: input.devId },
            input.outletid,
            input.ostate,
          );
        }
      }
    },
  });
}
