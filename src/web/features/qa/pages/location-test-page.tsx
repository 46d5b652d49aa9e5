import { useCallback, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import type { ProviderResult } from '../../../../core/providers/search.ts';
import { InternalPage } from '../components/internal-page.tsx';
import { DistanceAnalysisTab } from '../components/location-test/distance-analysis-tab.tsx';
import { InteractiveSearch } from '../components/location-test/interactive-search.tsx';
import { SearchResults } from '../components/location-test/search-results.tsx';
import { TestLocationsTab } from '../components/location-test/test-locations-tab.tsx';
import type { SearchOutcome } from '../location-test/location-checks.ts';
import {
  DEFAULT_TEST_RADIUS_MILES,
  readSearchForm,
  searchPath,
  type SearchForm,
  type SearchParams,
} from '../location-test/search.ts';
import { testLocations } from '../location-test/test-locations.ts';
import { pageSession } from '../qa-client.ts';

const dallas = testLocations.find((location) => location.dallas)!;

const tabs = [
  ['interactive', 'Interactive Search'],
  ['results', 'Search Results'],
  ['locations', 'Test Locations'],
  ['distance', 'Distance Analysis'],
] as const;

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
    const response = await pageSession.get<ProviderResult[]>(searchPath(params));
    setOutcome({ label, params, response, at: new Date() });
    setSearching(false);
  }, []);

  const radius = readSearchForm({ ...form, latitude: '0', longitude: '0' }).params?.radius ?? null;

  return (
    <InternalPage
      title="Location Test"
      description="Searches the live API around a point, at named test locations, and checks each distance it returns against the page's own great-circle calculation."
    >
      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        <TabsList
          aria-label="Location test sections"
          className="h-auto grid-flow-row grid-cols-2 md:grid-flow-col md:grid-cols-none"
        >
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className="h-auto min-h-10 py-1 text-center">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="interactive">
          <InteractiveSearch
            form={form}
            onChange={setForm}
            onSearch={(params, label) => void search(params, label)}
            searching={searching}
            outcome={outcome}
          />
        </TabsContent>
        <TabsContent value="results">
          <SearchResults outcome={outcome} />
        </TabsContent>
        <TabsContent value="locations" forceMount className="data-[state=inactive]:hidden">
          <TestLocationsTab radius={radius} serviceType={form.serviceType} onSearch={setOutcome} />
        </TabsContent>
        <TabsContent value="distance">
          <DistanceAnalysisTab outcome={outcome} />
        </TabsContent>
      </Tabs>
    </InternalPage>
  );
}
