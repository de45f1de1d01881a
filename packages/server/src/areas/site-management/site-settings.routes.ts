import {
  addSitePermissionSchema,
  energySettingsSchema,
  locationSettingsSchema,
  permLvlSchema,
} from '@powerdeck/domain';
import { z } from 'zod';
import { type DataSvc, authedSvc } from '../../http/data-svc';
import { badRequest } from '../../http/errors';
import { zodFields } from '../../http/validation';
import { siteIdInput } from '../locations/site-toggles';
import type { SiteSettingsService } from './site-settings.service';

const userIdInput = siteIdInput.extend({
  userId: z.string({ message: 'userId is required' }).trim().min(1, 'userId is required').max(100),
});

/** Parses a second schema inside a handler with the dispatcher's 400 `{error, fields}` answer. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error);
  throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
}

/**
 * siteManagement svc=settings: GET reads, POST (form-encoded, siteId) saves (spec §7). The lock,
 * people and energy calls of the general-settings screen are ours (spec §2 Other screens).
 * deleteLocation lives in the locations area, as the spec spells it.
 */
export function registerSiteSettingsRoutes(dataSvc: DataSvc, service: SiteSettingsService): void {
  dataSvc.area('siteManagement', {
    settings: authedSvc({
      methods: ['GET', 'POST'],
      input: siteIdInput.loose(),
      handler: ({ auth, input, request }) =>
        request.method === 'POST'
          ? service.save(auth.user, input.siteId, parseOr400(locationSettingsSchema, input))
          : service.get(auth.user, input.siteId),
    }),
    lock: authedSvc({
      methods: ['POST'],
      input: siteIdInput.extend({ otltLock: z.enum(['true', 'false', '1', '0']) }),
      handler: ({ auth, input }) =>
        service.setLock(
          auth.user,
          input.siteId,
          input.otltLock === 'true' || input.otltLock === '1',
        ),
    }),
    permissions: authedSvc({
      methods: ['GET'],
      input: siteIdInput,
      handler: ({ auth, input }) => service.people(auth.user, input.siteId),
    }),
    addPermission: authedSvc({
      methods: ['POST'],
      input: siteIdInput.extend(addSitePermissionSchema.shape),
      handler: ({ auth, input }) => service.addPerson(auth.user, input.siteId, input),
    }),
    editPermission: authedSvc({
      methods: ['POST'],
      input: userIdInput.extend({ permLvl: permLvlSchema }),
      handler: ({ auth, input }) =>
        service.changePerson(auth.user, input.siteId, input.userId, input.permLvl),
    }),
    deletePermission: authedSvc({
      methods: ['POST'],
      input: userIdInput,
      handler: ({ auth, input }) =>
        service.changePerson(auth.user, input.siteId, input.userId, null),
    }),
    energy: authedSvc({
      methods: ['GET'],
      input: siteIdInput,
      handler: ({ auth, input }) => service.energy(auth.user, input.siteId),
    }),
    saveEnergy: authedSvc({
      methods: ['POST'],
      input: siteIdInput.extend(energySettingsSchema.shape),
      handler: ({ auth, input }) => service.saveEnergy(auth.user, input.siteId, input),
    }),
  });
  dataSvc.area('locations', {
    deleteLocation: authedSvc({
      methods: ['GET', 'POST'],
      input: siteIdInput,
      handler: ({ auth, input }) => service.deleteLocation(auth.user, input.siteId),
    }),
  });
}
