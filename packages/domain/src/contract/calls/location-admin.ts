import { siteMuteSchema, siteVisitSchema, siteWatchSchema } from '../../api/location-admin';
import { type CallGroup, defineCall } from '../call';
import { siteIdInput } from '../inputs';

/**
 * A location's per-user marks: watch and mute (spec §7 watchManagement, mutesManagement; the
 * console POSTs, GET is answered too) and the visit the Refine modal's recent-visit sort uses.
 */
const toggle = { methods: ['POST', 'GET'], body: 'form', input: siteIdInput } as const;

export const locationAdmin = {
  addSite: defineCall({
    ...toggle,
    area: 'watchManagement',
    svc: 'addSite',
    output: siteWatchSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'Watches a location (spec §7).',
  }),
  deleteSite: defineCall({
    ...toggle,
    area: 'watchManagement',
    svc: 'deleteSite',
    output: siteWatchSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'Stops watching a location (spec §7).',
  }),
  muteSite: defineCall({
    ...toggle,
    area: 'mutesManagement',
    svc: 'muteSite',
    output: siteMuteSchema,
    access: 'user',
    rule: 'not CLIENT or INSTALLER at siteId (spec §6)',
    summary: 'Mutes a location’s alerts for the caller (spec §7).',
  }),
  unmuteSite: defineCall({
    ...toggle,
    area: 'mutesManagement',
    svc: 'unmuteSite',
    output: siteMuteSchema,
    access: 'user',
    rule: 'not CLIENT or INSTALLER at siteId (spec §6)',
    summary: 'Unmutes a location’s alerts for the caller (spec §7).',
  }),
  visitSite: defineCall({
    area: 'locations',
    svc: 'visitSite',
    methods: ['POST'],
    input: siteIdInput,
    output: siteVisitSchema,
    access: 'user',
    rule: 'any level at siteId',
    summary: 'Records that the caller opened a location (the Refine modal’s recent-visit sort).',
  }),
} satisfies CallGroup;
