import type en from './security.en.ts';

export default {
  somethingWrongRetry: 'Algo salió mal. Intente de nuevo.',
  somethingWrong: 'Algo salió mal',
  loading: 'Cargando...',
  recoveryFileText: 'Códigos de recuperación de Truck Finder (cada uno sirve una vez)',
  codesCopied: 'Códigos de recuperación copiados',
  couldNotCopy: 'No se pudo copiar',
  selectInstead: 'Selecciónelos y cópielos a mano.',
  saveCodes: 'Guarde sus códigos de recuperación',
  saveCodesIntro:
    'Si pierde su teléfono, cada uno de estos códigos le deja iniciar sesión una vez. Solo se muestran ahora.',
  recoveryCodes: 'Códigos de recuperación',
  copyCodes: 'Copiar códigos',
  downloadCodes: 'Descargar códigos',
  savedCodes: 'Ya guardé mis códigos',
  enterCode: 'Escriba el código',
  enterPassword: 'Escriba su contraseña',
  confirmTwoStep: 'Confirmar inicio de sesión en dos pasos',
  scanIntro:
    'Escanee este código con una app de autenticación (Google Authenticator, 1Password, Authy…), o escriba la clave en ella. Luego escriba el código de 6 dígitos que le muestra.',
  qrAlt: 'Código QR para su app de autenticación',
  keyForTyping: 'Clave para escribir a mano',
  codeFromApp: 'Código de la app',
  checking: 'Revisando...',
  turnOn: 'Activar',
  twoStepOff: 'El inicio de sesión en dos pasos está desactivado',
  turnOffForm: 'Desactivar el inicio de sesión en dos pasos',
  passwordToTurnOff: 'Contraseña para desactivarlo',
  turningOff: 'Desactivando...',
  turnOff: 'Desactivar el inicio de sesión en dos pasos',
  twoStepOn:
    'El inicio de sesión en dos pasos está activado. Le quedan {left} de 10 códigos de recuperación.',
  twoStepIntro:
    'Al iniciar sesión se pide, después de la contraseña, un código de una app de su teléfono; así nadie entra solo con una contraseña robada.',
  preparing: 'Preparando...',
  setUp: 'Configurar inicio de sesión en dos pasos',
  twoStepTitle: 'Inicio de sesión en dos pasos',
  confirmItsYou: 'Confirme que es usted',
  stepUpIntro:
    'Por su seguridad, escriba su {withCode, select, yes {código de dos pasos} other {contraseña}} para continuar. No se le volverá a pedir en 10 minutos.',
  twoStepCode: 'Código de dos pasos',
  password: 'Contraseña',
  continue: 'Continuar',
  usePassword: 'Usar mi contraseña',
  useCode: 'Usar un código de dos pasos',
} satisfies Record<keyof typeof en, string>;
