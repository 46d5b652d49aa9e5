import type en from './preferences.en.ts';

export default {
  updateFailed: 'No se pudo guardar',
  loadingChoices: 'Cargando las opciones de notificaciones',
  didNotLoad: 'No se cargaron las opciones de notificaciones',
  tryAgain: 'Intentar de nuevo',
  pushOffNote:
    'Las notificaciones push están desactivadas arriba: nada aparece ni suena hasta que las active.',
  emailOffNote: 'Los correos se envían cuando active Avisos por correo arriba.',
  textsDriver:
    'Los mensajes de texto son solo para lo que no puede esperar: su mecánico en camino.',
  textsProvider:
    'Los mensajes de texto son solo para lo que no puede esperar: un conductor que necesita ayuda cerca, un mecánico en camino.',
  textsPhoneNote: 'Los mensajes de texto se envían cuando su número de teléfono esté confirmado.',
  whatReachesYou: 'Qué le llega y cómo',
  channelsCaption: 'Medios para cada tipo de notificación',
  kind: 'Tipo',
  checkboxLabel: '{category}: {channel}',
  notOffered: 'No disponible',
  quietHours: 'Horas de silencio',
  quietHint: 'Sin push ni mensajes de texto en estas horas; esperan hasta la mañana.',
  quietUrgent: 'Una solicitud de trabajo urgente sí suena mientras su estado sea Disponible.',
  from: 'Desde',
  until: 'Hasta',
  timeZone: 'Zona horaria',
} satisfies Record<keyof typeof en, string>;
