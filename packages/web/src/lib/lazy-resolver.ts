import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded on its first use: a form on the first page (sign-in) checks
 * its fields with the shared zod schema without zod and the schema being part of the page's
 * first JavaScript. The form's first check waits for the load; later ones run at once.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
