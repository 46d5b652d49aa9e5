import type en from './pwa.en.ts';

export default {
  offline:
    'No tiene conexión. Truck Finder se volverá a conectar solo; las reservas que haga ahora se envían cuando regrese la señal.',
  installTitle: 'Instalar Truck Finder',
  installHint:
    'Agréguelo a su pantalla de inicio para llegar rápido a mecánicos a domicilio y servicios de llantas',
  close: 'Cerrar',
  install: 'Instalar',
} satisfies Record<keyof typeof en, string>;
