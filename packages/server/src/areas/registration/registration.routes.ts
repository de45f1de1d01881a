import { JOIN_STATE, addDeviceSchema, classesOfFamily, joinDeviceSchema } from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import { messages } from '../../http/errors';
import { CLAIM_ATTEMPTS_PER_ADDRESS, type RegistrationService } from './registration.service';

const siteId = z
  .string({ message: 'siteId is required' })
  .trim()
  .min(1, 'siteId is required')
  .max(100);

const addNewDeviceInput = addDeviceSchema.extend({ siteId });
const siteInput = z.object({ siteId });
const joinInput = joinDeviceSchema.extend({
  siteId,
  devId: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{1,32}$/, 'devId must be the device id')
    .transform((id) => id.toUpperCase()),
  state: z.literal(JOIN_STATE).default(JOIN_STATE),
});

/**
 * Device registration (spec §7): `devices svc=addNewDevice` (POST devId, claimKey), `devices
 * svc=getGateways` (GET), and `{devClass}.deviceControls svc=join` (POST) for wireless classes.
 */
export function registerRegistrationRoutes(dataSvc: DataSvc, service: RegistrationService): void {
  dataSvc.area('devices', {
    addNewDevice: authedSvc({
      methods: ['POST'],
      input: addNewDeviceInput,
      rateLimit: { ...CLAIM_ATTEMPTS_PER_ADDRESS, message: messages.tooManyRequests },
      handler: ({ auth, input, request }) => service.addNewDevice(auth.user, request.ip, input),
    }),
    getGateways: authedSvc({
      methods: ['GET'],
      input: siteInput,
      handler: ({ auth, input }) => service.getGateways(auth.user, input.siteId),
    }),
  });
  const join = authedSvc({
    methods: ['POST'],
    input: joinInput,
    handler: ({ auth, input }) => service.join(auth.user, input),
  });
  for (const devClass of classesOfFamily('wireless')) {
    dataSvc.area(`${devClass}.deviceControls`, { join });
  }
}
