/** The map tiles shown when VITE_MAP_TILE_URL is unset (README: configuration). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

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
