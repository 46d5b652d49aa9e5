import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver.ts';

const schema = z
  .object({
    email: z.string().trim().pipe(z.email('Please enter a valid email')),
    password: z.string().min(8, 'Password must be at least 8 characters'),
    confirm: z.string(),
    contact: z.object({ phone: z.string().min(10, 'Phone number must be at least 10 digits') }),
    count: z.coerce.number().int().min(1, 'At least 1'),
  })
  .refine((form) => form.password === form.confirm, {
    message: "Passwords don't match",
    path: ['confirm'],
  });

const options = (criteriaMode: 'firstError' | 'all' = 'firstError') =>
  ({
    fields: {},
    names: ['email', 'password', 'confirm', 'contact.phone', 'count'],
    criteriaMode,
    shouldUseNativeValidation: false,
  }) as unknown as ResolverOptions<z.input<typeof schema>>;

const wrong = {
  email: 'not an email',
  password: 'short',
  confirm: 'other',
  contact: { phone: '123' },
  count: '0',
};
const right = {
  email: '  driver@example.com ',
  password: 'long enough',
  confirm: 'long enough',
  contact: { phone: '5551234567' },
  count: '3',
};

describe('lazyResolver', () => {
  it('loads the schema on the first validation, then reuses it', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    // Two checks at once while it loads (a blur, then a submit) share the load.
    await Promise.all([
      resolver(wrong, undefined, options()),
      resolver(right, undefined, options()),
    ]);
    await resolver(wrong, undefined, options());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers what zodResolver answers: the same errors, the same parsed values', async () => {
    const lazy = lazyResolver(() => Promise.resolve(schema));
    const eager = zodResolver(schema);
    for (const values of [wrong, right, {}, { ...right, confirm: 'x' }]) {
      for (const mode of ['firstError', 'all'] as const) {
        const input = values as z.input<typeof schema>;
        expect(await lazy(input, undefined, options(mode))).toEqual(
          await eager(input, undefined, options(mode)),
        );
      }
    }
    const { errors } = await lazy(wrong, undefined, options());
    expect(errors.email?.message).toBe('Please enter a valid email');
    expect(errors.contact?.phone?.message).toBe('Phone number must be at least 10 digits');
    expect((await lazy(right, undefined, options())).values).toEqual({
      ...right,
      email: 'driver@example.com',
      count: 3,
    });
  });

  it('tries the load again when it failed', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(schema);
    const resolver = lazyResolver(load);
    await expect(resolver(right, undefined, options())).rejects.toThrow('offline');
    expect((await resolver(right, undefined, options())).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
