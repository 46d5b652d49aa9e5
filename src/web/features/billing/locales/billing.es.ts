import type en from './billing.en.ts';

export default {
  paid: 'Pagado · {method}',
  method: '{method, select, cash {Efectivo} ach {Transferencia bancaria} other {Tarjeta}}',
  cardNumber: '{brand} •••• {last4}',
  expires: 'Vence {month}/{year}',
  subscriptionStatus:
    '{status, select, active {Activa} completed {Terminada} cancelled {Cancelada} failed {Fallida} expired {Vencida} pending {Pendiente} past_due {Pago atrasado} other {{status}}}',
  paymentStatus:
    '{status, select, completed {Completado} pending {Pendiente} failed {Fallido} refunded {Reembolsado} processing {En proceso} awaiting_confirmation {Efectivo — por confirmar} disputed {Efectivo — en disputa} other {{status}}}',
  planName:
    '{plan, select, basic {Básico} premium {Premium} enterprise {Enterprise} other {{plan}}}',
  tryAgain: 'Intentar de nuevo',
  testMode: 'Modo de prueba — no se cobra nada',
  paymentsOff: 'Los pagos no están configurados en este servidor',
  allowanceLeft: 'Le quedan {remaining} de {limit} reservas este mes — <0>Mejorar plan</0>',
  refundedAmount: 'Reembolsado {amount}',
  disputed: 'En disputa',
  driverDisputed:
    'El proveedor disputó su pago de {amount} en efectivo. Nuestro equipo lo está revisando y le avisará.',
  driverProcessing: 'Su pago se está procesando.',
  driverCashRecorded:
    'Se registró el pago de {amount} en efectivo. Esperando que el proveedor confirme que lo recibió.',
  providerDisputed:
    'Usted disputó este pago de {amount} en efectivo. Nuestro equipo lo está revisando.',
  cashConfirmed: 'Pago en efectivo confirmado',
  couldNotConfirm: 'No se pudo confirmar',
  driverSaysPaid: '<0>{driverName}</0> dice que pagó {amount} en efectivo',
  countsAsPaid: 'El trabajo cuenta como pagado cuando usted confirme que lo recibió.',
  confirming: 'Confirmando...',
  confirmCashReceived: 'Confirmar efectivo recibido',
  dispute: 'Disputar',
  disputeTitle: '¿Disputar este pago en efectivo?',
  disputeDescription:
    'Diga qué pasó con los {amount}. Se le avisa al conductor y nuestro equipo lo resuelve.',
  disputeReasonLabel: 'Qué estuvo mal',
  disputePlaceholder: 'p. ej. No me entregaron el efectivo',
  disputeConfirm: 'Disputar pago',
  sending: 'Enviando...',
  cashDisputed: 'Pago en efectivo disputado',
  cashDisputedDescription: 'Nuestro equipo lo revisará y les avisará a los dos.',
  couldNotDispute: 'No se pudo disputar',
} satisfies Record<keyof typeof en, string>;
