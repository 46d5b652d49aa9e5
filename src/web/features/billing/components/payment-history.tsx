import { ChevronRight, FileDown, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import type { Payment } from '#core/billing/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useText } from '#web/lib/i18n.ts';
import { usePayments } from '../api/use-payments.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
import { hasPdfReceipt, receiptPdfUrl } from '../receipt-pdf-link.ts';
import { BillingSkeleton, LoadError } from './load-states.tsx';
import { PaymentStatusBadge } from './status-badges.tsx';

function PaymentRow({ payment }: { payment: Payment }) {
  const t = useText(plansText);
  const { day, f, cardLabel, methodLabel } = useBillingWords();
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
        {payment.description ? (
          <span className="break-words font-semibold leading-snug" translate="no">
            {payment.description}
          </span>
        ) : (
          <span className="break-words font-semibold leading-snug">
            {payment.subscriptionId ? t('subscriptionPayment') : t('jobPayment')}
          </span>
        )}
        <span className="text-sm text-muted-foreground">
          {day(payment.createdAt)} · <span className="whitespace-nowrap">{method}</span>
        </span>
        {payment.status === 'failed' && payment.failureMessage ? (
          <span className="text-xs text-destructive">{payment.failureMessage}</span>
        ) : null}
      </span>
      <span className="grid shrink-0 justify-items-end gap-1">
        <span className="font-bold tabular-nums">
          {/* A refund is money back: shown with a minus sign. */}
          {payment.status === 'refunded' ? '−' : ''}
          {f.money(payment.amount)}
        </span>
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
        aria-label={t('downloadPdf', { number: payment.receiptNumber })}
      >
        <FileDown className="size-4" aria-hidden />
        {t('pdf')}
      </a>
    </div>
  );
}

/** Every charge, renewal, refund and failure, newest first, each opening its receipt. */
export function PaymentHistory({ userId }: { userId: string }) {
  const t = useText(plansText);
  const payments = usePayments(userId);
  if (payments.isPending)
    return <BillingSkeleton label={t('loadingHistory')} heights={[16, 16, 16]} />;
  if (payments.isError)
    return (
      <LoadError
        message={t('couldNotLoadHistory', { message: payments.error.message })}
        onRetry={() => void payments.refetch()}
      />
    );
  if (payments.data.length === 0)
    return (
      <Card className="grid justify-items-center gap-2 p-8 text-center">
        <Receipt className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-bold">{t('noPayments')}</p>
        <p className="text-sm text-muted-foreground">{t('noPaymentsHint')}</p>
      </Card>
    );
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b p-3 font-bold sm:p-4">{t('paymentHistory')}</h2>
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
