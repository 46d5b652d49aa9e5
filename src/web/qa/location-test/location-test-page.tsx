import { useCallback, useState } from 'react';
import { InternalPage } from '../shared/internal-page.tsx';
import { DistanceAnalysisTab } from './distance-analysis-tab.tsx';
import { InteractiveSearch } from './interactive-search.tsx';
import { SearchResults } from './search-results.tsx';
import { TestLocationsTab } from './test-locations-tab.tsx';
import { SectionTabs } from '../shared/section-tabs.tsx';
import type { SearchOutcome } from './location-checks.ts';
import {
  DEFAULT_TEST_RADIUS_MILES,
  readSearchForm,
  searchAt,
  type SearchForm,
  type SearchParams,
} from './search.ts';
import { testLocations } from './test-locations.ts';
import { pageApi } from '../shared/qa-api.ts';

const dallas = testLocations.find((location) => location.dallas)!;

export default function LocationTestPage() {
  const [tab, setTab] = useState<string>('interactive');
  const [form, setForm] = useState<SearchForm>({
    latitude: String(dallas.latitude),
    longitude: String(dallas.longitude),
    radius: String(DEFAULT_TEST_RADIUS_MILES),
    serviceType: 'all',
  });
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const [searching, setSearching] = useState(false);

  const search = useCallback(async (params: SearchParams, label: string) => {
    setSearching(true);
    const response = await searchAt(pageApi, params);
    setOutcome({ label, params, response, at: new Date() });
    setSearching(false);
  }, []);

  const radius = readSearchForm({ ...form, latitude: '0', longitude: '0' }).params?.radius ?? null;

  return (
    <InternalPage
      title="Location Test"
      description="Searches the live API around a point, at named test locations, and checks each distance it returns against the page's own great-circle calculation."
    >
      <SectionTabs
        label="Location test sections"
        value={tab}
        onValueChange={setTab}
        listClassName="grid-cols-2 md:grid-flow-col md:grid-cols-none"
        triggerClassName="h-auto min-h-10 py-1 text-center"
        tabs={[
          {
            value: 'interactive',
            label: 'Interactive Search',
            content: (
              <InteractiveSearch
                form={form}
                onChange={setForm}
                onSearch={(params, label) => void search(params, label)}
                searching={searching}
                outcome={outcome}
              />
            ),
          },
          {
            value: 'results',
            label: 'Search Results',
            content: <SearchResults outcome={outcome} />,
          },
          {
            value: 'locations',
            label: 'Test Locations',
            keepMounted: true,
            content: (
              <TestLocationsTab
                radius={radius}
                serviceType={form.serviceType}
                onSearch={setOutcome}
              />
            ),
          },
          {
            value: 'distance',
            label: 'Distance Analysis',
            content: <DistanceAnalysisTab outcome={outcome} />,
          },
        ]}
      />
    </InternalPage>
  );
}
