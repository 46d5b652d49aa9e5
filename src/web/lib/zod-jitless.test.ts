import { describe, expect, it } from 'vitest';
import { z } from './zod-jitless.ts';

describe("the browser's zod", () => {
  it('compiles no parser and says Required for a missing field, without validation.ts loaded', () => {
    expect(z.config().jitless).toBe(true);
    const result = z.object({ name: z.string() }).safeParse({});
    expect(result.error?.issues[0]?.message).toBe('Required');
  });
});
