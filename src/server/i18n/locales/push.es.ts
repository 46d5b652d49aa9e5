import type en from './push.en.ts';

export default {
  pushHelpUrgent:
    'Un camión está parado junto al tráfico en movimiento. Abra la app para aceptar o pasar.',
  pushHelp: 'Un conductor necesita ayuda cerca. Abra la app para aceptar o pasar.',
  pushRate: 'Abra sus reservas para calificar el servicio.',
  pushAcceptOrDecline: 'Abra sus reservas para aceptar o rechazar.',
  pushWhatChanged: 'Abra sus reservas para ver qué cambió.',
  pushReminder: 'Abra Truck Finder para ver el recordatorio.',
  pushDetails: 'Abra Truck Finder para ver los detalles.',
  pushEnRoute: '{away}Abra sus reservas para seguirlo en el mapa.',
  pushMinutesAway: 'A unos {minutes} min. ',
  pushArrived: 'Búsquelo junto a su camión, o abra sus reservas para llamarle.',
  pushReceipt: 'Ábralo para ver o imprimir su recibo.',
  pushPlanReminder: 'Abra Facturación para revisar la tarjeta a la que se cobrará.',
  pushApplication: 'Abra la consola de administrador para revisarla.',
  pushJobAssigned: 'Abra sus trabajos para ver dónde y qué.',
  pushSupportReply: 'Abra Ayuda en su perfil para leer la respuesta.',
  smsNotification: 'Truck Finder: {title}. {body}',
} satisfies Record<keyof typeof en, string>;
