import { z } from 'zod';

/**
 * The top-level field names an input schema reads (objects, and through optional, default,
 * transform, refinement, union and intersection wrappers). The fuzz and the authorization matrix
 * derive their requests from these, so a new call is covered without being named.
 */
export function inputKeys(schema: z.ZodType | undefined): string[] {
  const keys = new Set<string>();
  const visit = (s: z.ZodType | undefined, depth: number): void => {
    if (s === undefined || depth > 20) return;
    if (s instanceof z.ZodObject) {
      for (const key of Object.keys(s.shape)) keys.add(key);
    } else if (s instanceof z.ZodPipe) {
      // a transform's output schema names what the transform reads (a loose form body)
      visit(s.in as z.ZodType, depth + 1);
      visit(s.out as z.ZodType, depth + 1);
    } else if (s instanceof z.ZodUnion) {
      for (const option of s.options) visit(option as z.ZodType, depth + 1);
    } else if (s instanceof z.ZodIntersection) {
      visit(s.def.left as z.ZodType, depth + 1);
      visit(s.def.right as z.ZodType, depth + 1);
    } else if (
      s instanceof z.ZodOptional ||
      s instanceof z.ZodNullable ||
      s instanceof z.ZodDefault ||
      s instanceof z.ZodPrefault ||
      s instanceof z.ZodCatch ||
      s instanceof z.ZodReadonly
    ) {
      visit(s.def.innerType as z.ZodType, depth + 1);
    } else if (s instanceof z.ZodLazy) {
      visit(s.def.getter() as z.ZodType, depth + 1);
    }
  };
  visit(schema, 0);
  return [...keys];
}
