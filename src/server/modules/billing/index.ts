/*
 * The public face of the billing module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { registerBilling, type Billing } from './billing.module.ts';
export { WEBHOOK_PATH } from './webhooks.routes.ts';
export type { PaymentsService } from './payments.service.ts';
export type { PaymentGateway } from './gateway/gateway.ts';
export type { StripeGatewayOptions } from './gateway/stripe-gateway.ts';
export { receiptNumber } from './billing.repository.ts';
// The ledger of a card job payment (the demo seed's paid job).
export { recordJobCharge } from './job-ledger.ts';

export { forgetBillingRecords } from './forget-user.repository.ts';
