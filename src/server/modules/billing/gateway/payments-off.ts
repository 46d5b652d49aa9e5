import { randomBytes } from 'node:crypto';
import { PAYMENTS_OFF_MESSAGE } from '../../../../core/billing/schemas.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';

const refuse = async (): Promise<never> => {
  throw new GatewayError('unavailable', PAYMENTS_OFF_MESSAGE);
};

/**
 * No gateway: a public server without Stripe keys. Every card call is refused; the webhook
 * secret is random and never shown, so no event is ever accepted.
 */
export function createPaymentsOffGateway(): PaymentGateway {
  return {
    mode: 'off',
    publishableKey: null,
    webhookSecret: `whsec_off_${randomBytes(24).toString('hex')}`,
    createCustomer: refuse,
    createSubscription: refuse,
    retrieveSubscription: refuse,
    pendingClientSecret: refuse,
    changePlan: refuse,
    scheduleChange: refuse,
    setCancelAtPeriodEnd: refuse,
    cancelNow: refuse,
    retryOpenInvoice: refuse,
    createSetupIntent: refuse,
    listCards: refuse,
    setDefaultCard: refuse,
    removeCard: refuse,
    charge: refuse,
    createAccount: refuse,
    retrieveAccount: refuse,
    accountLink: refuse,
    setPayoutSchedule: refuse,
    balance: refuse,
    refund: refuse,
    reverseTransfer: refuse,
    chargeFacts: refuse,
    // Account deletion goes on: a customer left at a gateway this server no longer reaches stays
    // there (docs/billing.md, "Switching to real Stripe").
    deleteCustomer: async () => {},
    runDue: async () => {},
  };
}
