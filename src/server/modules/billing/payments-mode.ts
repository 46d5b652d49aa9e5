import { AppError } from '../../../core/errors.ts';
import { PAYMENTS_OFF_MESSAGE, type GatewayMode } from '../../../core/billing/schemas.ts';
import type { Config } from '../../config.ts';
import { isPublicServer } from '../../public-address.ts';
import type { PaymentGateway } from './gateway/gateway.ts';

/**
 * Stripe with its keys; the test gateway, whose test cards pay for anything, only on a server
 * nobody else reaches or with an explicit PAYMENTS_TEST_MODE=true; otherwise no card payments
 * (docs/decisions/034-payments-on-a-public-server.md).
 */
export function paymentsMode(
  config: Pick<Config, 'stripe' | 'paymentsTestMode' | 'host' | 'publicUrl'>,
): GatewayMode {
  if (config.stripe) return 'stripe';
  if (config.paymentsTestMode || !isPublicServer(config)) return 'test';
  return 'off';
}

/** Refuses a card call (503) while the server takes no card payments. */
export function assertPaymentsOn(gateway: Pick<PaymentGateway, 'mode'>): void {
  if (gateway.mode === 'off') throw new AppError('unavailable', PAYMENTS_OFF_MESSAGE);
}
