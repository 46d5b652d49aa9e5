import type en from './push.en.ts';

export default {
  working: 'Un momento…',
  iosHomeScreen:
    'En iPhone y iPad, primero agregue Truck Finder a su pantalla de inicio (iOS 16.4+): Compartir → Agregar a inicio, y ábrala desde ahí.',
  unsupported: 'Este navegador no puede recibir notificaciones con la app cerrada.',
  blocked:
    'Las notificaciones están bloqueadas para este sitio. Permítalas en la configuración del sitio del navegador (el ícono junto a la dirección) y regrese.',
  on: 'Activado: los trabajos nuevos y los cambios de sus reservas llegan a este dispositivo aunque la app esté cerrada.',
  off: 'Reciba trabajos nuevos y cambios de sus reservas en este dispositivo aunque la app esté cerrada.',
  notifyMe: 'Avisarme en este dispositivo',
  questionProviderAvailable: '¿Recibir solicitudes de trabajo con la app cerrada?',
  questionDriverBooked: '¿Recibir un aviso cuando su mecánico acepte y vaya en camino?',
  close: 'Cerrar',
  notNow: 'Ahora no',
  turnOn: 'Activar',
  notificationsOn: 'Notificaciones activadas',
  deviceWillBeTold: 'Este dispositivo recibirá los avisos.',
  couldNotTurnOn: 'No se pudieron activar las notificaciones',
  couldNotTurnOff: 'No se pudieron desactivar las notificaciones',
} satisfies Record<keyof typeof en, string>;
