import { z } from 'zod';

/** Per-location permission levels, spelled as the spec spells them (§6). */
export const permLvlSchema = z.enum(['CLIENT', 'ADMIN', 'owner', 'INSTALLER']);
export type PermLvl = z.infer<typeof permLvlSchema>;
export const PERM_LVLS = permLvlSchema.options;
