import type { AlongRouteItem } from '#core/providers/along-route-schemas.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { routeText } from './text.ts';

/** A provider of the route search, as the search page's list and map show it. */
export type RouteListItem = AlongRouteItem;

/** Where a provider lies on the route: "mile 38 ahead · 1.2 mi off route". */
export function RoutePlace({
  item,
}: {
  item: Pick<AlongRouteItem, 'milesAlongRoute' | 'milesOffRoute'>;
}) {
  const t = useText(routeText);
  const f = useFormat();
  return (
    <span className="text-sm font-semibold text-muted-foreground" data-testid="route-place">
      {t('place', {
        along: f.number(Math.round(item.milesAlongRoute)),
        off: f.miles(item.milesOffRoute),
      })}
    </span>
  );
}
