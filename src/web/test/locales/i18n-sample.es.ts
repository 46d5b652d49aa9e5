import type en from './i18n-sample.en.ts';

export default {
  title: 'Mis reservas',
  jobs: '{count, plural, one {# trabajo} other {# trabajos}}',
  agree: 'Acepto los <0>términos</0> hoy',
} satisfies Record<keyof typeof en, string>;
