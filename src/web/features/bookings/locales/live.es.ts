import type en from './live.en.ts';

export default {
  loading: 'Cargando la ubicación en vivo...',
  waiting: 'Esperando que el proveedor comparta su ubicación.',
  section: 'Seguimiento en vivo',
  away: 'A {distance} · unos {minutes} min',
  aboutAway: 'A unas {miles} mi · unos {minutes} min',
  shared: 'Ubicación en vivo compartida',
  jobLocation: 'Lugar del trabajo',
  map: 'Mapa en vivo: {name} en camino',
  notOffered: 'Este proveedor no ofrece seguimiento en vivo',
} satisfies Record<keyof typeof en, string>;
