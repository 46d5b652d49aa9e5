import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * A react-hook-form resolver that validates with a zod schema loaded on the form's first
 * validation: `lazyResolver(() => import('./x-form-schema.ts').then((m) => m.schema))`. zod and
 * the schema stay off the page's first load (docs/decisions/031-pages-load-what-they-use.md);
 * the answers are zodResolver's own, so fields and messages read the same. A failed load is
 * tried again on the next validation.
 */
export function lazyResolver<T extends $ZodType<unknown, FieldValues>, Context = unknown>(
  load: () => Promise<T>,
): Resolver<input<T>, Context, output<T>> {
  let loaded: Promise<Resolver<input<T>, Context, output<T>>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return (await loaded)(values, context, options);
  };
}
