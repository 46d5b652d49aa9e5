/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tiles ({z}/{x}/{y}); OpenStreetMap by default, empty for none. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Night map tiles; CARTO's dark tiles by default with the default light ones, empty for none. */
  readonly VITE_MAP_TILE_URL_DARK?: string;
}
