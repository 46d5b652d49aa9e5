import type en from './join.en.ts';

export default {
  invitationNotValid: 'Invitación no válida',
  deadLink:
    'Este enlace de invitación no es válido o ya venció. Pídale al dueño del negocio que le envíe uno nuevo.',
  goHome: 'Ir al inicio',
  welcome: 'Bienvenido a {business}',
  joinBusiness: 'Únase a {business}',
  invitedAs:
    'Lo invitan como {role, select, dispatcher {despachador} technician {técnico} other {{role}}}. Su cuenta usará <0>{email}</0>.',
  createYourAccount: 'Cree su cuenta',
  fullName: 'Nombre completo',
  phone: 'Teléfono',
  phonePlaceholder: '(214) 555-0142',
  password: 'Contraseña',
  creatingAccount: 'Creando cuenta...',
  createAndJoin: 'Crear cuenta y unirse',
  loadingInvitation: 'Cargando invitación',
  tryAgain: 'Intentar de nuevo',
  loading: 'Cargando',
  signOutFirst: 'Primero cierre sesión',
  signedInAs:
    'Usted inició sesión como <0>{email}</0>. Una cuenta pertenece a un solo negocio: cierre sesión y abra otra vez el enlace de la invitación para crear la cuenta nueva.',
  signOut: 'Cerrar sesión',
} satisfies Record<keyof typeof en, string>;
