import type en from './theme.en.ts';

export default {
  label: 'Tema',
  hintSignedIn:
    'El oscuro cansa menos la vista en la cabina de noche. Se guarda en este dispositivo y en su cuenta.',
  hintSignedOut:
    'El oscuro cansa menos la vista en la cabina de noche. Se guarda en este dispositivo.',
  system: 'Sistema',
  systemHint: 'Como su teléfono',
  light: 'Claro',
  dark: 'Oscuro',
  saveFailed: 'No se pudo guardar el tema en su cuenta. Queda guardado en este dispositivo.',
} satisfies Record<keyof typeof en, string>;
