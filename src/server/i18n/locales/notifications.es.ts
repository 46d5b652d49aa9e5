import type en from './notifications.en.ts';

export default {
  bookingUpdatedByAdmin: 'Truck Finder cambió la reserva',
  bookingUpdatedToDriver: 'Su reserva de {service} con {business} ahora está: {status}.{why}',
  bookingUpdatedToProvider: 'La reserva de {service} de {driver} ahora está: {status}.{why}',
  adminReason: ' Motivo: {reason}',
  urgentBookingRequest: 'Solicitud de reserva urgente',
  newBookingRequest: 'Nueva solicitud de reserva',
  bookingRequested: '{driver} pidió {service}{place}.{urgency}',
  atPlace: ' en {place}',
  bookingConfirmed: 'Reserva confirmada',
  bookingConfirmedMessage: '{business} confirmó su solicitud de {service}.',
  jobStarted: 'Trabajo empezado',
  jobStartedMessage: '{business} está trabajando en su solicitud de {service}.',
  jobCompleted: 'Trabajo terminado',
  jobCompletedMessage: '{business} terminó su {service}. ¿Cómo le fue? Califique el servicio.',
  bookingCancelled: 'Reserva cancelada',
  bookingCancelledByProvider: '{business} canceló su solicitud de {service}.',
  bookingCancelledByDriver: '{driver} canceló la solicitud de {service}.',
  bookingReopened: 'Reserva abierta de nuevo',
  bookingReopenedMessage: 'Su solicitud de {service} con {business} está pendiente otra vez.',
  newJobAssigned: 'Nuevo trabajo asignado',
  newJobAssignedMessage: '{service} para {driver}{place}.',
  mechanicArrived: 'Su mecánico ya llegó',
  mechanicArrivedMessage: '{business} ya llegó para su trabajo de {service}.',
  mechanicOnTheWay: 'Su mecánico va en camino',
  mechanicOnTheWayMessage: '{business} va en camino a su trabajo de {service}{away}.',
  minutesAway: ', a unos {minutes} min',

  urgentHelpNeeded: 'Urgente: un conductor necesita ayuda cerca',
  helpNeeded: 'Se necesita ayuda cerca',
  helpNeededMessage:
    'Un conductor necesita {service}.{traffic} Abra la app para ver dónde; el primer proveedor que acepte se queda con el trabajo.',
  besideTraffic: ' El camión está junto al tráfico en movimiento.',
  nobodyAccepted: 'Nadie aceptó su solicitud de ayuda',
  nobodyAcceptedMessage:
    'Ningún proveedor a {miles} millas tomó la solicitud de {service}. Intente llamar a uno de la lista.',

  businessChangesToReview: 'Cambios de negocio por revisar',
  businessChangesToReviewMessage:
    '{business} cambió datos que hay que revisar. Abra la consola de administrador para revisarlos.',
  newProviderApplication: 'Nueva solicitud de proveedor',
  newProviderApplicationMessage:
    '{business} pidió aparecer en la lista. Abra la consola de administrador para revisarla.',
  businessChangesApproved: 'Cambios del negocio aprobados',
  businessChangesApprovedMessage: 'Sus cambios a {business} ya están publicados.',
  businessChangesNotApproved: 'Cambios del negocio no aprobados',
  businessChangesNotApprovedMessage:
    'Sus cambios a {business} no se aprobaron{why} Los conductores siguen viendo los datos como estaban.',
  businessApproved: 'Negocio aprobado',
  businessApprovedMessage:
    '{business} está verificado y ya aparece en las búsquedas de los conductores.',
  businessNotApproved: 'Negocio no aprobado',
  businessNotApprovedMessage: '{business} no se aprobó{why}',

  planRenewsIn:
    'Su plan {plan} se renueva {days, plural, =0 {hoy} one {en 1 día} other {en # días}}',
  paymentReceipt: 'Recibo de pago',
  paymentReceiptMessage: '{amount} pagados{purpose}. Su recibo está listo.',
  paidFor: ' por {description}',
  supportAnswered: 'Soporte respondió su solicitud',
  supportAnsweredMessage: 'Re: {subject}',
  newReview: 'Nueva reseña',
  newReviewMessage: '{driver} calificó su {service} con {rating} de {stars} estrellas.{quote}',
  webhookTurnedOff: 'Webhook apagado',
  webhookTurnedOffMessage:
    'Su webhook {url} se apagó porque falló durante un día. Arréglelo y vuelva a encenderlo en Perfil → Negocio → Webhooks.',
} satisfies Record<keyof typeof en, string>;
