import { deviceNameSchema } from '@powerdeck/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../http/data-svc';
import { badRequest, unauthorized } from '../../http/errors';
import type { DeviceAccess } from './device-access';
import type { DeviceControlService } from './device-control.service';
import { binaryState, devIdField, otltField } from './device-inputs';
import type { DevicesService } from './devices.service';
import { parseInput } from './live.routes';

/**
 * Calls whose script is not `dataSvc.php`: device settings (`settingsManagement/devGet.php`) and
 * the bb232 adapter's `sequencers.php` (spec §7).
 */
export function registerLegacyDeviceRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<AuthContext | null>;
    devices: DevicesService;
    control: DeviceControlService;
    access: DeviceAccess;
  },
): void {
  const user = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await deps.authenticate(request, reply);
    if (!auth) throw unauthorized();
    return auth.user;
  };

  app.get('/data-svc/settingsManagement/devGet.php', async (request, reply) => {
    const input = parseInput(
      z.object({ devClass: z.string().optional(), devId: devIdField }),
      request.query,
    );
    return deps.devices.settings(await user(request, reply), {
      devId: input.devId,
      ...(input.devClass ? { devClass: input.devClass } : {}),
    });
  });

  const sequencerInput = z.object({
    req: z.string({ message: 'req is required' }),
    devId: devIdField,
    devClass: z.string().optional(),
    value: z.string().optional(),
    command: z.string().optional(),
    sequencerid: devIdField.optional(),
    ostate: binaryState.optional(),
    outletid: otltField.optional(),
  });

  app.get('/data-svc/bb232/sequencers.php', async (request, reply) => {
    const input = parseInput(sequencerInput, request.query);
    const caller = await user(request, reply);
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
        const name = parseInput(deviceNameSchema, input.value ?? '');
        return deps.control.rename(caller, device, name);
      }
      case 'sequenceonoff': {
        const state = parseInput(
          z.enum(['on', 'off', '1', '0'], { message: "command must be 'on' or 'off'" }),
          input.command,
        );
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
      default:
        throw badRequest(`Unknown req '${input.req}'.`);
    }
  });
}
