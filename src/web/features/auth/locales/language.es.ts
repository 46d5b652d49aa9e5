import type en from './language.en.ts';

export default {
  label: 'Idioma',
  hint: 'Se guarda en su cuenta y en este dispositivo.',
  switchTo: 'Ver la app en {language}',
  saveFailed: 'No se pudo guardar el idioma. Intente de nuevo.',
} satisfies Record<keyof typeof en, string>;
