import type en from './sms.en.ts';

export default {
  phoneCode: 'Su código de Truck Finder es {code}. Vence en {minutes} minutos.',
  planRenews: 'Su plan {plan} se renueva el {due}: se cobrarán {amount} a su tarjeta registrada.',
  planRenewsSubject: 'Truck Finder: su plan {plan} se renueva el {due}',
  planRenewsEmail: '{message}\n\nAdministre su plan en Perfil → Facturación.{note}',
  planRenewsText: 'Truck Finder: {message}{note}',
  testModeNote: '\n\nModo de prueba: no hay cobro real.',
} satisfies Record<keyof typeof en, string>;
