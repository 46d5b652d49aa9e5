import type en from './mail.en.ts';

export default {
  notificationEmailSubject: 'Truck Finder: {title}',
  notificationEmailText:
    '{message}\n\nElija qué correos recibe en Perfil → Configuración → Notificaciones.',

  resetSubject: 'Cambie su contraseña de Truck Finder',
  resetText:
    'Hola, {name}:\n\nAlguien pidió cambiar la contraseña de su cuenta de Truck Finder. Para elegir una nueva, abra:\n\n{link}\n\nEl enlace sirve una sola vez y vence en {minutes} minutos. Si usted no lo pidió, no haga caso de este correo: su contraseña sigue igual.\n\n— Truck Finder',
  businessReadySubject: 'Su cuenta de negocio en Truck Finder está lista',
  businessReadyText:
    'Hola, {name}:\n\n{business} ya aparece en Truck Finder, verificado por nuestro equipo. Para iniciar sesión y manejar su negocio desde la app, elija su contraseña aquí:\n\n{link}\n\nEl enlace sirve una sola vez y vence en {hours} horas; después, use "¿Olvidó su contraseña?" en la página de inicio de sesión con este correo.\n\n— Truck Finder',
  passwordChangedSubject: 'Se cambió su contraseña de Truck Finder',
  passwordChangedText:
    'Hola, {name}:\n\nSe acaba de cambiar la contraseña de su cuenta de Truck Finder y se cerró la sesión en todos los demás dispositivos.\n\nSi no fue usted, cambie su contraseña de inmediato con "¿Olvidó su contraseña?" en la página de inicio de sesión ({link}) y escriba a support@truckfinder.test.\n\n— Truck Finder',
  confirmNewEmailSubject: 'Confirme su nuevo correo de Truck Finder',
  confirmNewEmailText:
    'Hola, {name}:\n\nPara usar esta dirección en su cuenta de Truck Finder, abra:\n\n{link}\n\nEl enlace sirve una sola vez y vence en {hours} horas. Si usted no lo pidió, no haga caso de este correo.\n\n— Truck Finder',
  emailAboutToChangeSubject: 'Su correo de Truck Finder está por cambiar',
  emailAboutToChangeText:
    'Hola, {name}:\n\nAlguien con sesión abierta en su cuenta de Truck Finder pidió cambiar su correo a {email}. Solo cambia cuando se abra el enlace que se envió ahí.\n\nSi no fue usted, cambie su contraseña ahora (Perfil → Configuración) y escriba a support@truckfinder.test.\n\n— Truck Finder',
  adminConfirmNewEmailText:
    'Hola, {name}:\n\nUn administrador de Truck Finder puso esta dirección como el correo de su cuenta. Para usarla, abra:\n\n{link}\n\nEl enlace sirve una sola vez y vence en {hours} horas. Si no lo esperaba, no haga caso de este correo.\n\n— Truck Finder',
  adminEmailAboutToChangeText:
    'Hola, {name}:\n\nUn administrador de Truck Finder pidió cambiar el correo de su cuenta a {email}. Solo cambia cuando se abra el enlace que se envió ahí.\n\nSi no lo esperaba, escriba a support@truckfinder.test.\n\n— Truck Finder',
  emailChangedSubject: 'Se cambió su correo de Truck Finder',
  emailChangedText:
    'Hola, {name}:\n\nSu cuenta de Truck Finder ahora usa {email}; esta dirección ya no sirve para iniciar sesión.\n\nSi no fue usted, escriba de inmediato a support@truckfinder.test.\n\n— Truck Finder',
  confirmContactSubject: 'Confirme su correo de Truck Finder',
  confirmContactText:
    'Hola, {name}:\n\nPara recibir avisos de Truck Finder en esta dirección, confírmela abriendo:\n\n{link}\n\nEl enlace sirve una sola vez y vence en {hours} horas. Si usted no hizo una cuenta de Truck Finder, no haga caso de este correo.\n\n— Truck Finder',
  teamInviteSubject: 'Únase a {business} en Truck Finder',
  teamInviteText:
    'Hola:\n\n{inviter} lo invita a unirse a {business} en Truck Finder como {role, select, dispatcher {despachador} technician {técnico} other {{role}}}. Para hacer su cuenta, abra:\n\n{link}\n\nEl enlace sirve una sola vez y vence en {hours} horas. Si no lo esperaba, no haga caso de este correo.\n\n— Truck Finder',
} satisfies Record<keyof typeof en, string>;
