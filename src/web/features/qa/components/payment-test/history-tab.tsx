import { format } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { brandLabels, cardBrands, type CardBrand } from '../../../../../core/billing/cards.ts';
import { formatUsd } from '../../../../../core/money.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import type { TestAccount } from '../../test-accounts.ts';
import { useTestPayments } from './account-queries.ts';
import { callLine } from './call-log.tsx';

const brand = (value: string | null) =>
  value && (cardBrands as readonly string[]).includes(value)
    ? brandLabels[value as CardBrand]
    : 'Card';

/** The test mechanic's payments (charges, prorations, refunds, failures), newest first. */
export function HistoryTab({ account }: { account: TestAccount | undefined }) {
  const payments = useTestPayments(account);
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Payment history</h2>
        {account && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void payments.refetch()}
            disabled={payments.isFetching}
          >
            <RefreshCw aria-hidden />
            Refresh
          </Button>
        )}
      </div>
      <div aria-live="polite" aria-busy={payments.isFetching} className="min-w-0">
        {!account ? (
          <p className="text-muted-foreground">
            No test mechanic yet: pay for a plan in the Payment tab first.
          </p>
        ) : !payments.data ? (
          <p role="status">Loading payments…</p>
        ) : !payments.data.ok ? (
          <p role="alert" className="text-destructive wrap-anywhere">
            Could not load payments: {callLine(payments.data)}
          </p>
        ) : payments.data.body.length === 0 ? (
          <p>No payments yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[34rem] text-left text-sm" data-testid="payment-history">
              <thead>
                <tr className="border-b text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Card
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {payments.data.body.map((payment) => (
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
        )}
      </div>
    </Card>
  );
}
