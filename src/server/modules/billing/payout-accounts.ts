import type {
  PayoutAccount,
  PayoutAccountStatus,
  PayoutSchedule,
} from '../../../core/billing/payouts.ts';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { GatewayAccount, PaymentGateway } from './gateway/gateway.ts';
import { assertPaymentsOn } from './payments-mode.ts';
import * as repo from './payouts.repository.ts';
import { fromGateway } from './subscriptions.service.ts';

/** The account's state in the owner's words (docs/billing.md, "Payouts"). */
export function accountStatus(account: GatewayAccount): PayoutAccountStatus {
  const due = account.currentlyDue.length > 0;
  if (account.payoutsEnabled && !due) return 'payouts_enabled';
  if (due) return 'restricted';
  if (account.disabledReason && !account.disabledReason.includes('pending_verification'))
    return 'restricted';
  return 'pending_verification';
}

const REQUIREMENT_WORDS: [RegExp, string][] = [
  [/^external_account/, 'Bank account'],
  [/^individual\.verification\.(additional_)?document/, 'Identity document'],
  [/^individual\./, 'Your name, date of birth and SSN'],
  [/^tos_acceptance\./, 'Accept the terms'],
  [/^business_profile\./, 'Business details'],
  [/^business_type/, 'Business type'],
  [/^company\./, 'Company details'],
  [/^representative\./, 'Your name, date of birth and SSN'],
];

/** What the gateway still needs, in words for the owner, each once. */
export function requirementWords(keys: string[]): string[] {
  const words = keys.map(
    (key) => REQUIREMENT_WORDS.find(([pattern]) => pattern.test(key))?.[1] ?? 'More information',
  );
  return [...new Set(words)];
}

const FAILURE_WORDS: Record<string, string> = {
  no_account: 'the bank account number does not exist',
  account_closed: 'the bank account is closed',
  invalid_account_number: 'the bank account number is not valid',
  account_frozen: 'the bank account is frozen',
  bank_account_restricted: 'the bank account cannot take this payout',
  could_not_process: 'the bank could not process it',
};

export const payoutFailureWords = (code: string | null, message: string | null) =>
  (code && FAILURE_WORDS[code]) ?? message ?? 'the bank refused it';

export function accountState(
  providerId: string,
  gatewayMode: string,
  account: GatewayAccount,
): repo.PayoutAccountState {
  return {
    providerId,
    gateway: gatewayMode,
    accountId: account.id,
    status: accountStatus(account),
    requirements: account.currentlyDue,
    disabledReason: account.disabledReason,
    detailsSubmitted: account.detailsSubmitted,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    schedule: account.schedule,
    bankLast4: account.bankLast4,
  };
}

/** `account.updated`: the gateway's word on an account is kept as it says. */
export async function accountUpdated(tx: Executor, gatewayMode: string, account: GatewayAccount) {
  const known = await repo.findPayoutAccountById(tx, account.id);
  const providerId = known?.providerId ?? account.providerId;
  if (!providerId || !(await repo.findProviderOwner(tx, providerId))) return;
  await repo.upsertPayoutAccount(
    tx,
    accountState(providerId, known?.gateway ?? gatewayMode, account),
  );
}

export function createPayoutAccountsService(
  db: Database,
  gateway: PaymentGateway,
  publicUrl: string,
) {
  async function business(user: PublicUser) {
    const provider = await repo.findOwnedProvider(db, user.id);
    if (!provider) throw new AppError('not_found', 'Set up your business profile first');
    return provider;
  }

  async function view(
    row: repo.PayoutAccountRow | null,
    providerId: string,
  ): Promise<PayoutAccount> {
    const last = await repo.lastPayout(db, providerId);
    return {
      status: row ? (row.status as PayoutAccountStatus) : 'not_started',
      requirements: row ? requirementWords(row.requirements) : [],
      payoutsEnabled: row?.payoutsEnabled ?? false,
      schedule: (row?.schedule as PayoutSchedule | undefined) ?? 'daily',
      bankLast4: row?.bankLast4 ?? null,
      payoutFailure:
        last?.status === 'failed'
          ? `Your last payout failed: ${payoutFailureWords(last.failureCode, last.failureMessage)}. Update your bank details.`
          : null,
      testMode: gateway.mode === 'test',
    };
  }

  async function save(providerId: string, account: GatewayAccount) {
    return repo.upsertPayoutAccount(db, accountState(providerId, gateway.mode, account));
  }

  return {
    async get(user: PublicUser): Promise<PayoutAccount> {
      const provider = await business(user);
      let row = await repo.findPayoutAccount(db, provider.id, gateway.mode);
      // `account.updated` keeps the row current; until payouts are on, the gateway is asked too,
      // so the owner back from onboarding sees where it stands even before (or without) the event.
      if (row && row.status !== 'payouts_enabled') {
        const fresh = await gateway.retrieveAccount(row.accountId).catch(() => null);
        if (fresh) row = await save(provider.id, fresh);
      }
      return view(row, provider.id);
    },

    /** Creates the account if there is none; answers where onboarding continues. */
    async start(user: PublicUser): Promise<{ url: string }> {
      assertPaymentsOn(gateway);
      const provider = await business(user);
      let row = await repo.findPayoutAccount(db, provider.id, gateway.mode);
      if (!row) {
        const account = await gateway
          .createAccount({
            providerId: provider.id,
            ownerUserId: user.id,
            email: provider.email,
            businessName: provider.businessName,
          })
          .catch(fromGateway);
        try {
          row = await db.transaction(async (tx) => {
            const existing = await repo.findPayoutAccount(tx, provider.id, gateway.mode);
            if (existing) return existing;
            return repo.upsertPayoutAccount(tx, accountState(provider.id, gateway.mode, account));
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          row = (await repo.findPayoutAccount(db, provider.id, gateway.mode))!;
        }
      }
      const url = await gateway
        .accountLink(row.accountId, {
          returnUrl: `${publicUrl}/profile?tab=business&payouts=done`,
          refreshUrl: `${publicUrl}/profile?tab=business&payouts=refresh`,
        })
        .catch(fromGateway);
      return { url };
    },

    async setSchedule(user: PublicUser, schedule: PayoutSchedule): Promise<PayoutAccount> {
      assertPaymentsOn(gateway);
      const provider = await business(user);
      const row = await repo.findPayoutAccount(db, provider.id, gateway.mode);
      if (!row) throw new AppError('conflict', 'Set up payouts first');
      const account = await gateway.setPayoutSchedule(row.accountId, schedule).catch(fromGateway);
      return view(await save(provider.id, account), provider.id);
    },

    business,
  };
}

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
