import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, searchCacheSeconds: 0, databasePoolSize: 8 });
});
afterAll(() => t.close());

describe('searches side by side', () => {
  // Through PgBouncer in transaction mode (scripts/test-through-pgbouncer.ts) a named statement
  // prepared on one server connection is run on another: 74 of these 80 failed before the
  // statements were unnamed there (DATABASE_PREPARED_STATEMENTS=false, decision 073).
  it('answers 80 at once, of varied shapes, as it answers each alone', async () => {
    const urls = Array.from(
      { length: 80 },
      (_, i) =>
        `/api/providers?lat=${32.5 + (i % 7) * 0.1}&lng=${-97 + (i % 5) * 0.1}&radius=${[10, 25, 50][i % 3]}` +
        (i % 2 ? '&serviceType=mobile_mechanic' : ''),
    );
    const together = await Promise.all(urls.map((url) => t.api({ method: 'GET', url })));
    expect(together.map((answer) => answer.statusCode)).toEqual(urls.map(() => 200));
    expect(together.some((answer) => (answer.json() as unknown[]).length > 0)).toBe(true);
    for (const [i, url] of urls.slice(0, 10).entries())
      expect((await t.api({ method: 'GET', url })).json()).toEqual(together[i]!.json());
  });
});
