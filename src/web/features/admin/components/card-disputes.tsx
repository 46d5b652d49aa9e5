import { Gavel } from 'lucide-react';
import type { CardDispute } from '#core/billing/payouts.ts';
import { formatUsd } from '#core/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useCardDisputes } from '../api/use-card-disputes.ts';
import { formatDateTime } from '../admin-format.ts';
import { AdminQuery } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const disputeLooks: Record<
  string,
  { label: string; variant: 'outline' | 'destructive' | 'success' | 'secondary' }
> = {
  needs_response: { label: 'Needs response', variant: 'destructive' },
  warning_needs_response: { label: 'Needs response', variant: 'destructive' },
  under_review: { label: 'Under review', variant: 'outline' },
  won: { label: 'Won', variant: 'success' },
  lost: { label: 'Lost', variant: 'secondary' },
};

const reasonLabel = (reason: string) => reason.replaceAll('_', ' ');

function DisputeCard({ dispute }: { dispute: CardDispute }) {
  const look = disputeLooks[dispute.status] ?? { label: dispute.status, variant: 'outline' };
  const open = dispute.status !== 'won' && dispute.status !== 'lost';
  return (
    <Card className="grid gap-2 p-4 text-sm" data-testid="card-dispute">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-bold">
          {formatUsd(dispute.amount)} card · {dispute.serviceType ?? 'Job'}
        </span>
        <Badge variant={look.variant}>{look.label}</Badge>
      </p>
      <p>
        <span className="font-semibold">{dispute.driverName ?? 'A driver'}</span>&apos;s bank
        disputes the payment to{' '}
        <span className="font-semibold">{dispute.businessName ?? 'the provider'}</span>:{' '}
        {reasonLabel(dispute.reason)}.
      </p>
      {dispute.evidenceDueBy ? (
        <p className={open ? 'font-semibold text-destructive' : 'text-muted-foreground'}>
          Evidence due by{' '}
          <time dateTime={dispute.evidenceDueBy}>{formatDateTime(dispute.evidenceDueBy)}</time>
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Opened <time dateTime={dispute.createdAt}>{formatDateTime(dispute.createdAt)}</time>
      </p>
    </Card>
  );
}

/** Card disputes (chargebacks) with their deadlines, beside the cash disputes. */
export function CardDisputes() {
  const query = useCardDisputes();
  return (
    <section aria-labelledby="card-disputes-title" className="grid gap-3">
      <h2 id="card-disputes-title" className="text-lg font-bold">
        Card disputes
      </h2>
      <AdminQuery query={query} loading="Loading card disputes" what="card disputes">
        {(disputes) =>
          disputes.length === 0 ? (
            <EmptyState title="No card disputes" icon={Gavel}>
              When a driver&apos;s bank disputes a card payment, it shows up here with its deadline.
            </EmptyState>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" aria-label="Card disputes">
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
