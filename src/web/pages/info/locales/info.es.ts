import type en from './info.en.ts';

export default {
  lastUpdated: 'Última actualización: {date}',
} satisfies Record<keyof typeof en, string>;
