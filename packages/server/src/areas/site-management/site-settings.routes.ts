import { callTable, locationSettingsSchema } from '@powerdeck/domain';
import type { z } from 'zod';
import type { CallRegistry } from '../../http/contract';
import { badRequest } from '../../http/errors';
import { zodFields } from '../../http/validation';
import type { SiteSettingsService } from './site-settings.service';

/** Parses a second schema inside a handler with the dispatcher's 400 `{error, fields}` answer. */
function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
export function registerSiteSettingsRoutes(
  calls: CallRegistry,
  service: SiteSettingsService,
): void {
  calls.implement(callTable.siteSettings, {
    settings: ({ auth, input, request }) =>
      request.method === 'POST'
        ? service.save(auth.user, input.siteId, parseOr400(locationSettingsSchema, input))
        : service.get(auth.user, input.siteId),
    lock: ({ auth, input }) =>
      service.setLock(auth.user, input.siteId, input.otltLock === 'true' || input.otltLock === '1'),
    deleteLocation: ({ auth, input }) => service.deleteLocation(auth.user, input.siteId),
    permissions: ({ auth, input }) => service.people(auth.user, input.siteId),
    addPermission: ({ auth, input }) => service.addPerson(auth.user, input.siteId, input),
    editPermission: ({ auth, input }) =>
      service.changePerson(auth.user, input.siteId, input.userId, input.permLvl),
    deletePermission: ({ auth, input }) =>
      service.changePerson(auth.user, input.siteId, input.userId, null),
    energy: ({ auth, input }) => service.energy(auth.user, input.siteId),
    saveEnergy: ({ auth, input }) => service.saveEnergy(auth.user, input.siteId, input),
  });
}
