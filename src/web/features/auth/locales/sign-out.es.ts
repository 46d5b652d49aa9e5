import type en from './sign-out.en.ts';

export default {
  signedOutHere: 'Sesión cerrada en este dispositivo',
  toldWhenOnline: 'Truck Finder recibirá el aviso en cuanto vuelva a tener conexión.',
} satisfies Record<keyof typeof en, string>;
