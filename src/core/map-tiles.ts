/** The map tiles shown when VITE_MAP_TILE_URL is unset (README: configuration). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The dark tiles beside the default ones: CARTO's dark map of OpenStreetMap data. */
export const DEFAULT_MAP_TILE_URL_DARK =
  'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png';

export interface MapTiles {
  /** Tile URL template; '' for no tiles (a plain background). */
  url: string;
  /** Light tiles shown in the dark theme, to be dimmed by the page (no dark set was given). */
  dimmed: boolean;
}

/**
 * The tiles of each theme from VITE_MAP_TILE_URL and VITE_MAP_TILE_URL_DARK, for the web app and
 * the server's CSP alike. Unset light tiles mean OpenStreetMap, and then CARTO's dark tiles at
 * night unless the dark ones are set. A light set of one's own without a dark one is shown dimmed
 * at night; empty means no tiles.
 */
export function mapTiles(
  light: string | undefined,
  dark: string | undefined,
): { light: MapTiles; dark: MapTiles } {
  const lightUrl = (light ?? DEFAULT_MAP_TILE_URL).trim();
  const darkUrl = dark?.trim();
  return {
    light: { url: lightUrl, dimmed: false },
    dark:
      darkUrl !== undefined
        ? { url: darkUrl, dimmed: false }
        : light === undefined
          ? { url: DEFAULT_MAP_TILE_URL_DARK, dimmed: false }
          : { url: lightUrl, dimmed: lightUrl !== '' },
  };
}

/**
 * The origin the browser loads map tiles from, as a CSP source: `null` for no tiles or tiles of
 * our own origin (a path), a `{s}` subdomain placeholder as `*.`. Throws on anything else.
 */
export function mapTileSource(template: string | undefined): string | null {
  const url = (template ?? DEFAULT_MAP_TILE_URL).trim();
  if (url === '' || (url.startsWith('/') && !url.startsWith('//'))) return null;
  const match = /^(https?):\/\/([^/?#]+)(?:[/?#]|$)/i.exec(url);
  const problem = `expected a tile URL like ${DEFAULT_MAP_TILE_URL}, a path, or empty`;
  if (!match) throw new Error(problem);
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase().replace(/^\{[a-z]+\}\./, '*.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host) || host.includes('..'))
    throw new Error(problem);
  return `${scheme}://${host}`;
}

/**
 * The CSP img-src sources of both themes' tiles (VITE_MAP_TILE_URL, VITE_MAP_TILE_URL_DARK), each
 * once. Throws as mapTileSource does, naming the variable at fault.
 */
export function mapTileSources(light: string | undefined, dark: string | undefined): string[] {
  const tiles = mapTiles(light, dark);
  const sources = new Set<string>();
  for (const [name, url] of [
    ['VITE_MAP_TILE_URL', tiles.light.url],
    ['VITE_MAP_TILE_URL_DARK', tiles.dark.url],
  ] as const) {
    try {
      const source = mapTileSource(url);
      if (source) sources.add(source);
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }
  return [...sources];
}
