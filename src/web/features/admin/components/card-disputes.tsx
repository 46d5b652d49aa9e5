import { Gavel } from 'lucide-react';
import type { CardDispute } from '#core/billing/payouts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useCardDisputes } from '../api/use-card-disputes.ts';
import { useAdminDates } from '../admin-format.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { adminMoneyText } from '../money-text.ts';

type MoneyKey = NonNullable<(typeof adminMoneyText)['keys']>;
import { AdminQuery } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const disputeLooks: Record<
  string,
  { label: MoneyKey; variant: 'outline' | 'destructive' | 'success' | 'secondary' }
> = {
  needs_response: { label: 'needsResponse', variant: 'destructive' },
  warning_needs_response: { label: 'needsResponse', variant: 'destructive' },
  under_review: { label: 'underReview', variant: 'outline' },
  won: { label: 'won', variant: 'success' },
  lost: { label: 'lost', variant: 'secondary' },
};

/** The card networks' dispute reasons (Stripe's list), in words. */
const reasonKeys: Record<string, MoneyKey> = {
  fraudulent: 'reasonFraudulent',
  duplicate: 'reasonDuplicate',
  product_not_received: 'reasonNotReceived',
  product_unacceptable: 'reasonUnacceptable',
  subscription_canceled: 'reasonSubscriptionCanceled',
  credit_not_processed: 'reasonCreditNotProcessed',
  unrecognized: 'reasonUnrecognized',
  general: 'reasonGeneral',
};

function DisputeCard({ dispute }: { dispute: CardDispute }) {
  const t = useText(adminMoneyText);
  const f = useFormat();
  const label = useLabel();
  const { dateTime } = useAdminDates();
  const look = disputeLooks[dispute.status];
  const open = dispute.status !== 'won' && dispute.status !== 'lost';
  const reasonKey = reasonKeys[dispute.reason];
  const reason = reasonKey ? t(reasonKey) : dispute.reason.replaceAll('_', ' ');
  return (
    <Card className="grid gap-2 p-4 text-sm" data-testid="card-dispute">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-bold">
          {t('cardAmount', { amount: f.money(dispute.amount) })} ·{' '}
          {dispute.serviceType ? label('service', dispute.serviceType) : t('job')}
        </span>
        {look ? (
          <Badge variant={look.variant}>{t(look.label)}</Badge>
        ) : (
          <Badge variant="outline" translate="no">
            {dispute.status}
          </Badge>
        )}
      </p>
      <p>
        <T
          text={adminMoneyText}
          id="bankDisputes"
          values={{
            driver: dispute.driverName ?? t('aDriver'),
            business: dispute.businessName ?? t('theProvider'),
            reason,
          }}
          components={{
            0: <span className="font-semibold" translate={dispute.driverName ? 'no' : undefined} />,
            1: (
              <span className="font-semibold" translate={dispute.businessName ? 'no' : undefined} />
            ),
          }}
        />
      </p>
      {dispute.evidenceDueBy ? (
        <p className={open ? 'font-semibold text-destructive' : 'text-muted-foreground'}>
          <T
            text={adminMoneyText}
            id="evidenceDueBy"
            values={{ date: dateTime(dispute.evidenceDueBy) }}
            components={{ 0: <time dateTime={dispute.evidenceDueBy} /> }}
          />
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        <T
          text={adminMoneyText}
          id="openedOn"
          values={{ date: dateTime(dispute.createdAt) }}
          components={{ 0: <time dateTime={dispute.createdAt} /> }}
        />
      </p>
    </Card>
  );
}

/** Card disputes (chargebacks) with their deadlines, beside the cash disputes. */
export function CardDisputes() {
  const t = useText(adminMoneyText);
  const query = useCardDisputes();
  return (
    <section aria-labelledby="card-disputes-title" className="grid gap-3">
      <h2 id="card-disputes-title" className="text-lg font-bold">
        {t('cardDisputes')}
      </h2>
      <AdminQuery query={query} loading={t('loadingCardDisputes')} failed={t('cardDisputesFailed')}>
        {(disputes) =>
          disputes.length === 0 ? (
            <EmptyState title={t('noCardDisputes')} icon={Gavel}>
              {t('noCardDisputesHint')}
            </EmptyState>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" aria-label={t('cardDisputes')}>
              {disputes.map((dispute) => (
                <li key={dispute.id}>
                  <DisputeCard dispute={dispute} />
                </li>
              ))}
            </ul>
          )
        }
      </AdminQuery>
    </section>
  );
}
