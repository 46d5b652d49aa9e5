import type en from './fees.en.ts';

export default {
  fees: 'Costos',
  visitFee: 'Tarifa de visita',
  jobCost: 'Costo del trabajo',
  platformFee: 'Comisión de la plataforma (10%)',
  total: 'Total',
  totalCost: 'Costo total',
} satisfies Record<keyof typeof en, string>;
