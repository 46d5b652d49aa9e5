import type en from './contacts.en.ts';

export default {
  enterYourCode: 'Escriba su código',
  codeSentTo:
    'Enviamos un código de 6 dígitos por mensaje de texto al <0>{phone}</0>. Sirve por 10 minutos.',
  codeLabel: 'Código de 6 dígitos',
  checking: 'Revisando...',
  confirmPhone: 'Confirmar teléfono',
  codeOnItsWay: 'Le enviamos un código al <0>{phone}</0>.',
  sending: 'Enviando...',
  sendNewCode: 'Enviar un código nuevo',
  confirmYourContacts: 'Confirme sus datos de contacto',
  confirmEmailText: 'Confirme su correo electrónico para recibir avisos por correo.',
  hideEmailReminder: 'Ocultar el aviso del correo',
  sentCheckInbox: 'Enviado. Revise su correo.',
  sendAgain: 'Enviar de nuevo',
  confirmPhoneText: 'Confirme su número de teléfono para recibir mensajes de texto.',
  hidePhoneReminder: 'Ocultar el aviso del teléfono',
  enterCode: 'Escribir código',
  confirmYourEmail: 'Confirme su correo',
  confirming: 'Confirmando...',
  goToProfile: 'Ir a su perfil',
  signIn: 'Iniciar sesión',
} satisfies Record<keyof typeof en, string>;
