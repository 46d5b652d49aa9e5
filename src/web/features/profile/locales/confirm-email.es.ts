import type en from './confirm-email.en.ts';

export default {
  title: 'Confirme su correo',
  invalidLink:
    'Este enlace de confirmación no es válido o ya venció. Pida uno nuevo desde su perfil.',
  confirming: 'Confirmando...',
  goToProfile: 'Ir a su perfil',
} satisfies Record<keyof typeof en, string>;
