import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  ROUTE_AHEAD_DEFAULT_MILES,
  ROUTE_CORRIDOR_DEFAULT_MILES,
  ROUTE_CORRIDOR_MAX_MILES,
  ROUTE_CORRIDOR_MIN_MILES,
} from '#core/providers/along-route.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Slider } from '#web/components/ui/slider.tsx';
import { useText } from '#web/lib/i18n.ts';
import type { Position } from '../use-driver-location.ts';
import { routeText } from './text.ts';
import {
  useAlongRoute,
  type AlongRouteAnswer,
  type AlongRouteQuery,
  type RouteFilters,
} from './use-along-route.ts';
import { directionOf, directions, useHeading, type Direction } from './use-heading.ts';

const directionKey = {
  N: 'directionN',
  NE: 'directionNE',
  E: 'directionE',
  SE: 'directionSE',
  S: 'directionS',
  SW: 'directionSW',
  W: 'directionW',
  NW: 'directionNW',
} as const satisfies Record<Direction, string>;

const round = (degrees: number) => Number(degrees.toFixed(5));

/**
 * Search along the route ahead: a destination (city, address or ZIP code) or "Ahead of me" along
 * the heading, and the corridor's width. Reports each answer (null while there is none) so the
 * search page shows its items in its list and map, and the route on the map.
 */
export default function RouteSearchPanel({
  position,
  filters,
  onAnswer,
}: {
  position: Position | null;
  filters: RouteFilters;
  onAnswer: (answer: AlongRouteAnswer | null) => void;
}) {
  const t = useText(routeText);
  const id = useId();
  const [kind, setKind] = useState<'destination' | 'ahead'>('destination');
  const [destination, setDestination] = useState('');
  const [corridor, setCorridor] = useState(ROUTE_CORRIDOR_DEFAULT_MILES);
  const [ahead, setAhead] = useState(ROUTE_AHEAD_DEFAULT_MILES);
  const [picked, setPicked] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);
  const sensed = useHeading(kind === 'ahead');
  const heading = picked ?? sensed;
  const [submitted, setSubmitted] = useState<
    { kind: 'destination'; destination: string } | { kind: 'ahead' } | null
  >(null);

  const query: AlongRouteQuery | null =
    position && submitted
      ? {
          originLat: round(position.latitude),
          originLng: round(position.longitude),
          corridorMiles: corridor,
          ...filters,
          ...(submitted.kind === 'destination'
            ? { destination: submitted.destination }
            : heading === null
              ? {}
              : { headingDegrees: Math.round(heading), aheadMiles: ahead }),
        }
      : null;
  const ready =
    query !== null && (query.destination !== undefined || query.headingDegrees !== undefined);
  const search = useAlongRoute(ready ? query : null);

  useEffect(() => {
    onAnswer(ready && search.data ? search.data : null);
  }, [ready, search.data, onAnswer]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'destination' && destination.trim() === '') return;
    setSubmitted(
      kind === 'destination' ? { kind, destination: destination.trim() } : { kind: 'ahead' },
    );
  };

  const answer = ready ? search.data : undefined;
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-xl border-2 p-4"
      data-testid="route-search"
    >
      <div role="radiogroup" aria-label={t('modeRoute')} className="flex flex-wrap gap-2">
        {(['destination', 'ahead'] as const).map((value) => (
          <Button
            key={value}
            type="button"
            role="radio"
            aria-checked={kind === value}
            variant={kind === value ? 'default' : 'outline'}
            onClick={() => {
              setKind(value);
              setSubmitted(null);
            }}
          >
            {value === 'destination' ? t('toDestination') : t('aheadOfMe')}
          </Button>
        ))}
      </div>

      {kind === 'destination' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-destination`}>{t('destinationLabel')}</Label>
          <Input
            id={`${id}-destination`}
            value={destination}
            placeholder={t('destinationPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            onChange={(event) => setDestination(event.target.value)}
          />
        </div>
      ) : (
        <div className="grid gap-3">
          {heading !== null && !choosing ? (
            <p className="flex items-center gap-3 text-sm font-semibold">
              {t('headingKnown', { direction: t(directionKey[directionOf(heading)]) })}
              <Button type="button" variant="outline" size="sm" onClick={() => setChoosing(true)}>
                {t('changeDirection')}
              </Button>
            </p>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-semibold">{t('pickDirection')}</legend>
              <div className="grid grid-cols-4 gap-2">
                {directions.map((direction) => (
                  <Button
                    key={direction.key}
                    type="button"
                    variant={picked === direction.degrees ? 'default' : 'outline'}
                    aria-label={t(directionKey[direction.key])}
                    aria-pressed={picked === direction.degrees}
                    onClick={() => {
                      setPicked(direction.degrees);
                      setChoosing(false);
                    }}
                  >
                    {direction.key}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          <div className="grid gap-1">
            <Label>{t('aheadLabel')}</Label>
            <Slider
              min={25}
              max={500}
              step={25}
              value={[ahead]}
              onValueChange={([value]) => setAhead(value ?? ROUTE_AHEAD_DEFAULT_MILES)}
              thumbLabels={[t('aheadLabel')]}
            />
            <span className="text-sm text-muted-foreground">
              {t('aheadValue', { miles: ahead })}
            </span>
          </div>
        </div>
      )}

      <div className="grid gap-1">
        <Label>{t('corridorLabel')}</Label>
        <Slider
          min={ROUTE_CORRIDOR_MIN_MILES}
          max={ROUTE_CORRIDOR_MAX_MILES}
          step={1}
          value={[corridor]}
          onValueChange={([value]) => setCorridor(value ?? ROUTE_CORRIDOR_DEFAULT_MILES)}
          thumbLabels={[t('corridorLabel')]}
        />
        <span className="text-sm text-muted-foreground" data-testid="route-corridor">
          {t('corridorValue', { miles: corridor })}
        </span>
      </div>

      {position ? (
        <Button
          type="submit"
          disabled={
            search.isFetching ||
            (kind === 'destination' ? destination.trim() === '' : heading === null)
          }
        >
          {search.isFetching ? t('searching') : t('search')}
        </Button>
      ) : (
        <p className="text-sm font-semibold">{t('needPosition')}</p>
      )}

      <div aria-live="polite" className="grid gap-2">
        {ready && search.isError ? (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {search.error instanceof Error && search.error.message
              ? search.error.message
              : t('failed')}
          </p>
        ) : null}
        {answer?.routeSource === 'straight' ? (
          <p
            className="rounded-md border-2 border-dashed p-2 text-sm font-semibold"
            data-testid="route-straight"
          >
            {t('straightNotice')}
          </p>
        ) : null}
        {answer ? (
          <p className="text-sm" data-testid="route-summary">
            {t('summary', { count: answer.items.length, miles: Math.round(answer.routeMiles) })}
            {answer.truncated ? ` ${t('moreAhead')}` : ''}
          </p>
        ) : null}
      </div>
    </form>
  );
}
