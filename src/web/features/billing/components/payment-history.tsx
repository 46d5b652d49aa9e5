import { ChevronRight, FileDown, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import type { Payment } from '#core/billing/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Card } from '#web/components/ui/card.tsx';
import { usePayments } from '../api/use-payments.ts';
import { cardLabel, formatDay, methodLabel } from '../billing-format.ts';
import { hasPdfReceipt, receiptPdfUrl } from '../receipt-pdf-link.ts';
import { BillingSkeleton, LoadError } from './load-states.tsx';
import { PaymentStatusBadge } from './status-badges.tsx';

export const paymentDescription = (payment: Payment) =>
  payment.description ?? (payment.subscriptionId ? 'Subscription payment' : 'Job payment');

/** A refund is money back: shown with a minus sign. */
export const paymentAmount = (payment: Payment) =>
  `${payment.status === 'refunded' ? '−' : ''}${formatUsd(payment.amount)}`;

function PaymentRow({ payment }: { payment: Payment }) {
  const method =
    payment.paymentMethod === 'card'
      ? cardLabel(payment.cardBrand, payment.cardLast4)
      : methodLabel(payment.paymentMethod);
  // Cash the provider has not confirmed (or a charge under way) has no receipt yet.
  const inPlay =
    payment.status === 'processing' ||
    payment.status === 'awaiting_confirmation' ||
    payment.status === 'disputed';
  const row = 'flex items-center gap-3 p-3 sm:px-4';
  const content = (
    <>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="break-words font-semibold leading-snug">
          {paymentDescription(payment)}
        </span>
        <span className="text-sm text-muted-foreground">
          {formatDay(payment.createdAt)} · <span className="whitespace-nowrap">{method}</span>
        </span>
        {payment.status === 'failed' && payment.failureMessage ? (
          <span className="text-xs text-destructive">{payment.failureMessage}</span>
        ) : null}
      </span>
      <span className="grid shrink-0 justify-items-end gap-1">
        <span className="font-bold tabular-nums">{paymentAmount(payment)}</span>
        <PaymentStatusBadge status={payment.status} />
      </span>
    </>
  );
  if (inPlay) return <div className={row}>{content}</div>;
  const link = (
    <Link
      href={`/receipts/${payment.id}`}
      className={`${row} min-w-0 flex-1 hover:bg-muted focus-visible:bg-muted`}
    >
      {content}
      <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
    </Link>
  );
  if (!hasPdfReceipt(payment.status)) return link;
  return (
    <div className="flex items-stretch">
      {link}
      <a
        href={receiptPdfUrl(payment.id)}
        download
        className="flex shrink-0 items-center gap-1 border-l px-3 text-sm font-semibold text-primary hover:bg-muted focus-visible:bg-muted"
        aria-label={`Download PDF of receipt ${payment.receiptNumber}`}
      >
        <FileDown className="size-4" aria-hidden />
        PDF
      </a>
    </div>
  );
}

/** Every charge, renewal, refund and failure, newest first, each opening its receipt. */
export function PaymentHistory({ userId }: { userId: string }) {
  const payments = usePayments(userId);
  if (payments.isPending)
    return <BillingSkeleton label="Loading payment history" heights={[16, 16, 16]} />;
  if (payments.isError)
    return (
      <LoadError
        message={`Could not load your payment history: ${payments.error.message}`}
        onRetry={() => void payments.refetch()}
      />
    );
  if (payments.data.length === 0)
    return (
      <Card className="grid justify-items-center gap-2 p-8 text-center">
        <Receipt className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-bold">No payments yet</p>
        <p className="text-sm text-muted-foreground">
          Your subscription payments and receipts will appear here.
        </p>
      </Card>
    );
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b p-3 font-bold sm:p-4">Payment History</h2>
      <ul className="divide-y">
        {payments.data.map((payment) => (
          <li key={payment.id}>
            <PaymentRow payment={payment} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
