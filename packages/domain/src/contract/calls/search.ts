import { z } from 'zod';
import { searchResultSchema } from '../../api/search';
import { searchQuerySchema } from '../../validation/search';
import { defineCall } from '../call';

/**
 * The query as sent (what the OpenAPI document lists), then the shared rules: req=search needs 1
 * character, req=autosuggest 3 (`searchQuerySchema`).
 */
const searchInput = z
  .object({
    req: z.enum(['search', 'autosuggest'], {
      message: "Invalid discriminator value. Expected 'search' | 'autosuggest'",
    }),
    keyword: z.string(),
  })
  .pipe(searchQuerySchema);

export const search = {
  search: defineCall({
    area: 'searchManagement',
    // the spec's call carries no svc: the server reads it as svc='' (the area's only call)
    svc: '',
    methods: ['GET'],
    input: searchInput,
    output: searchResultSchema,
    access: 'user',
    rule: 'finds only the locations, devices, outlets and clients the caller sees (all for SUPPORT)',
    summary:
      'The header search: locations, devices, outlets and clients matching keyword (spec §2 Search panel, §7).',
  }),
};
