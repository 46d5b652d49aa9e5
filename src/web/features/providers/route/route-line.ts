import L from 'leaflet';

/**
 * Draws the searched route on a Leaflet map (a plain polyline: no text, no HTML) and fits the
 * map to it; answers the function that takes it off again. The provider map calls it from an
 * effect: `useEffect(() => (route && map.current ? drawRouteLine(map.current, route) : undefined), [route])`.
 */
export function drawRouteLine(
  map: L.Map,
  route: { coordinates: readonly (readonly number[])[] },
  options: { fit?: boolean } = {},
) {
  const line = L.polyline(
    route.coordinates.map(
      ([longitude = 0, latitude = 0]) => [latitude, longitude] as L.LatLngTuple,
    ),
    {
      color: '#2563eb',
      weight: 5,
      opacity: 0.75,
      interactive: false,
      className: 'route-line',
    },
  ).addTo(map);
  line.getElement()?.setAttribute('data-testid', 'route-line');
  if (options.fit ?? true) map.fitBounds(line.getBounds(), { padding: [32, 32], maxZoom: 13 });
  return () => {
    line.remove();
  };
}
