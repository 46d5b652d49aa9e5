import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillProviders } from '../../test/fill-providers.ts';
import {
  encodeSearchCursor,
  providerFiltersSchema,
  providerSearchSchema,
} from '../../../core/providers/search.ts';
import { explainPlan } from '../../db/client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { searchProviders, searchQuery, summaryQuery } from './search.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const CHICAGO = { latitude: '41.8781', longitude: '-87.6298' };

// The benchmark's synthetic providers, enough that a scan over all of them would cost more than
// the index: the planner then shows what it does at scale.
beforeAll(async () => {
  t = await createTestApp();
  await fillProviders(t.app.database.db, 20_000, { seed: 1, rebuildIndexes: false });
}, 120_000);
afterAll(() => t.close());

const plan = (query: Record<string, string>) =>
  explainPlan(t.app.database.db, searchQuery(t.app.database.db, providerSearchSchema.parse(query)));

describe('search query plans', () => {
  it.each([
    ['25 miles', { ...CHICAGO, radius: '25' }],
    ['5 miles with filters', { ...CHICAGO, radius: '5', is24Hour: 'true', serviceType: 'towing' }],
    ['the largest radius', { ...CHICAGO, radius: '500' }],
  ])(
    'finds providers within %s through the search index, never a scan of the table',
    async (_, query) => {
      const text = await plan(query);
      expect(text).toMatch(/service_providers_search_idx/);
      expect(text).not.toMatch(/Seq Scan on service_providers/);
    },
  );

  it('ranks providers without a position through the rank index', async () => {
    const text = await plan({});
    expect(text).toMatch(/service_providers_rank_idx/);
    expect(text).not.toMatch(/Seq Scan on service_providers/);
  });

  // A later page starts its index reads at the cursor (the row comparison is an Index Cond), so
  // page 20 costs about what page 1 does, with no OFFSET to skip.
  it.each([
    ['25 miles', { ...CHICAGO, radius: '25' }, /service_providers_search_idx/],
    ['the largest radius', { ...CHICAGO, radius: '500' }, /service_providers_search_idx/],
    ['no position', {}, /service_providers_rank_idx/],
  ])(
    'reads the page after a cursor (%s) from the index, from the cursor on',
    async (_, query, index) => {
      const first = await searchProviders(t.app.database.db, providerSearchSchema.parse(query));
      expect(first.next).not.toBeNull();
      const text = await plan({ ...query, cursor: encodeSearchCursor(first.next!) });
      expect(text).toMatch(index);
      expect(text).toMatch(/Index Cond: .*ROW\(/);
      expect(text).not.toMatch(/Seq Scan on service_providers/);
    },
  );

  it('counts a 25-mile summary from the search index alone', async () => {
    const text = await explainPlan(
      t.app.database.db,
      summaryQuery(t.app.database.db, providerFiltersSchema.parse({ ...CHICAGO, radius: '25' })),
    );
    expect(text).toMatch(/Index Only Scan using service_providers_search_idx/);
    expect(text).not.toMatch(/Seq Scan on service_providers/);
  });
});
