import { format } from 'date-fns';
import { brandLabels, cardBrands, type CardBrand } from '#core/billing/cards.ts';
import { formatUsd } from '#core/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import type { TestAccount } from '../shared/test-accounts.ts';
import { useTestPayments } from './account-queries.ts';
import { HeaderRow } from '../shared/header-row.tsx';
import { TestMechanicCard } from './test-mechanic-card.tsx';

const brand = (value: string | null) =>
  value && (cardBrands as readonly string[]).includes(value)
    ? brandLabels[value as CardBrand]
    : 'Card';

/** The test mechanic's payments (charges, prorations, refunds, failures), newest first. */
export function HistoryTab({ account }: { account: TestAccount | undefined }) {
  const payments = useTestPayments(account);
  return (
    <TestMechanicCard
      title="Payment history"
      account={account}
      query={payments}
      loading="Loading payments…"
      failure="Could not load payments"
    >
      {(response) =>
        response.body.length === 0 ? (
          <p>No payments yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[34rem] text-left text-sm" data-testid="payment-history">
              <thead>
                <HeaderRow
                  className="border-b text-muted-foreground"
                  cellClassName="py-2 pr-3 font-semibold last:pr-0"
                  cells={[
                    'Date',
                    'Description',
                    'Card',
                    { label: 'Amount', right: true },
                    'Status',
                  ]}
                />
              </thead>
              <tbody>
                {response.body.map((payment) => (
                  <tr key={payment.id} className="border-b last:border-0">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {format(new Date(payment.createdAt), 'MMM d, yyyy HH:mm')}
                    </td>
                    <td className="py-2 pr-3 wrap-anywhere">
                      {payment.description ?? '—'}
                      {payment.failureMessage && (
                        <span className="block text-xs text-destructive">
                          {payment.failureMessage}
                        </span>
                      )}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {payment.cardLast4
                        ? `${brand(payment.cardBrand)} •••• ${payment.cardLast4}`
                        : payment.paymentMethod}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {payment.status === 'refunded' ? '−' : ''}
                      {formatUsd(payment.amount)}
                    </td>
                    <td className="py-2">
                      <Badge
                        variant={
                          payment.status === 'failed'
                            ? 'destructive'
                            : payment.status === 'completed'
                              ? 'default'
                              : 'secondary'
                        }
                      >
                        {payment.status}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </TestMechanicCard>
  );
}
