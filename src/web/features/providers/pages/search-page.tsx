import {
  AlertTriangle,
  Crosshair,
  List,
  Loader2,
  Map as MapIcon,
  Radio,
  Search,
  SearchX,
} from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useText } from '#web/lib/i18n.ts';
import { listQuery, searchFilters } from '../api/search-query.ts';
import { useProviderSearch } from '../api/use-provider-search.ts';
import { useProviderSummary } from '../api/use-provider-summary.ts';
import { FiltersDialog } from '../components/filters-dialog.tsx';
import { ProviderList } from '../components/provider-list.tsx';
import { SearchModeSwitch, type SearchMode } from '../route/search-mode-switch.tsx';
import type { AlongRouteAnswer, RouteFilters } from '../route/use-along-route.ts';
import { SummaryCards } from '../components/summary-cards.tsx';
import { UpdatedAgo } from '../components/updated-ago.tsx';
import { defaultSearch, typeTabs, useSearchState } from '../search-state.ts';
import { useMe } from '#web/features/auth/index.ts';
import { loadHelpRequestDialog } from '#web/features/help-requests/index.ts';
import { useDriverLocation } from '../use-driver-location.ts';
import { providersText } from '../text.ts';

const ProviderMap = lazy(() => import('../components/provider-map.tsx'));
// The route search (its form, slider and heading) loads when the driver switches to it.
const RouteSearchPanel = lazy(() => import('../route/route-search-panel.tsx'));
const HelpRequestDialog = lazy(loadHelpRequestDialog);

/** How long the list waits for a location answer before showing every provider. */
const LOCATION_PATIENCE_MS = 4000;

export default function SearchPage() {
  const [state, update] = useSearchState();
  const t = useText(providersText);
  const me = useMe();
  const location = useDriverLocation(
    me.isPending ? undefined : (me.data?.settings.locationServices ?? true),
  );
  const [text, setText] = useState(state.q);
  const debounced = useDebounced(text, 300);
  const [patienceOver, setPatienceOver] = useState(false);
  const [askingForHelp, setAskingForHelp] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setPatienceOver(true), LOCATION_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (debounced !== state.q) update({ q: debounced });
  }, [debounced, state.q, update]);
  // The URL's text changed under us (Clear Filters, back button): show it. Our own typing already matches.
  const [urlQ, setUrlQ] = useState(state.q);
  if (urlQ !== state.q) {
    setUrlQ(state.q);
    if (state.q !== debounced) setText(state.q);
  }

  const filters = useMemo(
    () => searchFilters(state, state.q, location.position),
    [state, location.position],
  );
  const [mode, setMode] = useState<SearchMode>('nearby');
  const [routeAnswer, setRouteAnswer] = useState<AlongRouteAnswer | null>(null);
  const routeFilters = useMemo((): RouteFilters => {
    const { q, serviceType, status, minRating, minFee, maxFee, is24Hour, acceptsAAA } = filters;
    return { q, serviceType, status, minRating, minFee, maxFee, is24Hour, acceptsAAA };
  }, [filters]);
  const ready = location.status !== 'locating' || patienceOver;
  // The list asks for the tab's type a page at a time; the counts cover every page of the filters.
  const list = useMemo(() => listQuery(filters, state.tab), [filters, state.tab]);
  const search = useProviderSearch(list, ready);
  const summary = useProviderSummary(filters, ready);
  const shown = useMemo(
    () => (list === null ? [] : (search.data?.pages.flatMap((page) => page.providers) ?? [])),
    [list, search.data],
  );
  const listPending = list !== null && search.isPending;
  // The cards render in a second, interruptible pass, so new results never block the page; the
  // skeleton stays up while the first results catch up.
  const listed = useDeferredValue(shown);
  const listCatchingUp = listed !== shown && listed.length === 0 && shown.length > 0;
  const countByTab = (tab: (typeof typeTabs)[number]['value']) =>
    summary.data ? (tab === 'all' ? summary.data.total : summary.data.byServiceType[tab]) : null;
  const tabTotal = countByTab(state.tab);

  const clearFilters = () => {
    setText('');
    update({ ...defaultSearch, view: state.view });
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4 px-4 py-4 md:py-6">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-extrabold tracking-tight md:text-3xl">{t('findServices')}</h1>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={location.refresh}
            disabled={location.status === 'locating'}
            aria-label={location.position ? t('updateMyLocation') : t('useMyLocation')}
          >
            {location.status === 'locating' ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Crosshair aria-hidden />
            )}
            <span className="hidden sm:inline">
              {location.position ? t('updateLocation') : t('useMyLocation')}
            </span>
          </Button>
        </div>
      </div>

      {me.data?.role === 'driver' ? (
        <div className="grid gap-1">
          <Button
            onClick={() => setAskingForHelp(true)}
            disabled={!location.position}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            <Radio aria-hidden /> {t('requestHelp')}
          </Button>
          {location.position ? null : (
            <p className="text-sm text-muted-foreground">{t('shareLocation')}</p>
          )}
        </div>
      ) : null}
      {askingForHelp && location.position ? (
        <Suspense fallback={null}>
          <HelpRequestDialog
            position={location.position}
            listed={shown}
            onClose={() => setAskingForHelp(false)}
          />
        </Suspense>
      ) : null}

      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-3 size-5 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchProviders')}
            className="pl-10"
            maxLength={100}
          />
        </div>
        <FiltersDialog state={state} update={update} located={location.position !== null} />
        <Button
          variant="outline"
          onClick={() => update({ view: state.view === 'list' ? 'map' : 'list' })}
          aria-label={state.view === 'list' ? t('showMap') : t('showList')}
          className="shrink-0"
        >
          {state.view === 'list' ? <MapIcon aria-hidden /> : <List aria-hidden />}
          <span className="hidden sm:inline">{state.view === 'list' ? t('map') : t('list')}</span>
        </Button>
      </div>

      <SearchModeSwitch
        mode={mode}
        onChange={(next) => {
          setMode(next);
          if (next === 'nearby') setRouteAnswer(null);
        }}
      />
      {mode === 'route' ? (
        <Suspense fallback={<div className="h-40 animate-pulse rounded-xl bg-muted" />}>
          <RouteSearchPanel
            position={location.position}
            filters={routeFilters}
            onAnswer={setRouteAnswer}
          />
        </Suspense>
      ) : null}

      <SummaryCards summary={summary.data} />

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold" role="status" data-testid="count-line">
          {summary.data === undefined
            ? summary.isError
              ? t('couldNotCount')
              : t('searching')
            : location.position
              ? t('countWithin', { count: summary.data.total, miles: state.distance })
              : t('countFound', { count: summary.data.total })}
        </p>
        <UpdatedAgo at={list === null ? summary.dataUpdatedAt : search.dataUpdatedAt} />
      </div>

      <Tabs value={state.tab} onValueChange={(tab) => update({ tab: tab as typeof state.tab })}>
        <TabsList className="flex justify-start overflow-x-auto">
          {typeTabs.map((tab) => (
            <TabsTrigger
              key={tab.value}
              value={tab.value}
              className="shrink-0 grow whitespace-nowrap"
            >
              {countByTab(tab.value) === null
                ? t(tab.label)
                : t('tabWithCount', { label: t(tab.label), count: countByTab(tab.value) })}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value={state.tab} className="mt-4 outline-none">
          {mode === 'route' ? (
            routeAnswer === null ? null : state.view === 'map' ? (
              <Suspense
                fallback={
                  <div
                    className="h-[60dvh] animate-pulse rounded-xl bg-muted"
                    role="status"
                    aria-label={t('loadingMap')}
                  />
                }
              >
                <ProviderMap
                  providers={routeAnswer.items}
                  position={location.position}
                  route={routeAnswer.route}
                />
              </Suspense>
            ) : (
              <ProviderList providers={routeAnswer.items} />
            )
          ) : search.isError && list !== null ? (
            <Card className="grid justify-items-center gap-3 p-8 text-center" role="alert">
              <AlertTriangle className="size-10 text-destructive" aria-hidden />
              <p className="text-lg font-bold">{t('failedToFetch')}</p>
              <p className="text-muted-foreground">{search.error.message}</p>
              <Button
                onClick={() => {
                  void search.refetch();
                  void summary.refetch();
                }}
              >
                {t('tryAgain')}
              </Button>
            </Card>
          ) : listPending || listCatchingUp ? (
            <div
              className="grid gap-3 md:grid-cols-2"
              role="status"
              aria-busy="true"
              aria-label={t('loadingProviders')}
            >
              {Array.from({ length: 4 }, (_, i) => (
                <div key={i} className="h-52 animate-pulse rounded-xl bg-muted" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <Card className="grid justify-items-center gap-3 p-8 text-center">
              <SearchX className="size-10 text-muted-foreground" aria-hidden />
              <p className="text-lg font-bold">{t('noServices')}</p>
              <p className="text-muted-foreground">{t('tryWider')}</p>
              <Button onClick={clearFilters}>{t('clearFilters')}</Button>
            </Card>
          ) : state.view === 'map' ? (
            <Suspense
              fallback={
                <div
                  className="h-[60dvh] animate-pulse rounded-xl bg-muted"
                  role="status"
                  aria-label={t('loadingMap')}
                />
              }
            >
              <ProviderMap providers={shown} position={location.position} />
            </Suspense>
          ) : (
            <ProviderList providers={listed} />
          )}
          {mode === 'nearby' && search.hasNextPage && list !== null && !search.isError ? (
            <div className="mt-4 grid justify-items-center gap-2">
              <p className="text-sm text-muted-foreground">
                {tabTotal === null
                  ? t('showing', { shown: shown.length })
                  : t('showingOf', { shown: shown.length, total: tabTotal })}
              </p>
              {/* Stays enabled while loading, so the keyboard focus stays on it. */}
              <Button
                variant="outline"
                onClick={() => {
                  if (!search.isFetchingNextPage) void search.fetchNextPage();
                }}
                aria-busy={search.isFetchingNextPage}
              >
                {search.isFetchingNextPage ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : null}
                {search.isFetchingNextPage ? t('loadingMore') : t('showMore')}
              </Button>
            </div>
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
