import type en from './support.en.ts';

export default {
  title: 'Ayuda',
  danger:
    '<0>¿Está en peligro o bloqueando el tráfico?</0> Llame primero al 911, prenda sus intermitentes y coloque sus triángulos de emergencia.',
  callTitle: 'Llámenos, las 24 horas',
  writeTitle: 'Escríbanos',
  questionsTitle: 'Preguntas frecuentes',
  findHelpQuestion: '¿Cómo encuentro ayuda cerca de mí?',
  findHelpAnswer:
    'Abra <0>Buscar servicios</0> y permita el acceso a su ubicación. Los proveedores se ordenan por disponibilidad, calificación y distancia.',
  passwordQuestion: 'Olvidé mi contraseña.',
  passwordAnswer:
    'Use <0>¿Olvidó su contraseña?</0> en la pantalla de inicio de sesión; le enviamos por correo un enlace que sirve una sola vez.',
  listShopQuestion: '¿Cómo pongo mi negocio en la lista?',
  listShopAnswer:
    'Solicítelo en la <0>página de registro</0>, en Proveedor de servicio. Revisamos las solicitudes en menos de 24 horas.',
} satisfies Record<keyof typeof en, string>;
