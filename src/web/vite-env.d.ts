/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tiles ({z}/{x}/{y}); OpenStreetMap by default, empty for none. */
  readonly VITE_MAP_TILE_URL?: string;
}
