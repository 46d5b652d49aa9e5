import { ArrowLeft, FileDown, Printer, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { plans } from '#core/billing/plans.ts';
import type { Receipt } from '#core/billing/schemas.ts';
import { fromCents, toCents } from '#core/money.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/api/transport.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useReceipt } from '../api/use-receipt.ts';
import { useBillingWords } from '../billing-format.ts';
import { receiptText } from '../receipt-text.ts';
import { hasPdfReceipt, receiptPdfUrl } from '../receipt-pdf-link.ts';
import { BillingSkeleton, LoadError } from '../components/load-states.tsx';
import { PaymentStatusBadge } from '../components/status-badges.tsx';
import { TestModeNotice } from '../components/test-mode-notice.tsx';

/** On paper only the receipt prints, in black on white whatever the screen's theme. */
const printCss = `
@media print {
  @page { margin: 16mm; }
  body * { visibility: hidden; }
  #receipt, #receipt * { visibility: visible; color: #000 !important; background: transparent !important; box-shadow: none !important; }
  #receipt { position: absolute; left: 0; top: 0; width: 100%; border-color: #999 !important; }
  #receipt * { border-color: #999 !important; }
  #receipt .rounded-full { border: 1px solid #000 !important; }
}`;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

function Refunds({ refunds }: { refunds: Receipt['refunds'] }) {
  const t = useText(receiptText);
  const { day, f } = useBillingWords();
  const total = refunds.reduce((sum, refund) => sum + toCents(refund.amount), 0);
  return (
    <section aria-labelledby="refunds-title" className="grid gap-2">
      <h2 id="refunds-title" className="font-bold">
        {t('refunds')}
      </h2>
      <ul className="grid gap-2">
        {refunds.map((refund) => (
          <li key={refund.id} className="grid gap-0.5 rounded-xl bg-muted p-3 text-sm">
            <span className="flex justify-between gap-2 font-semibold">
              <span>{t('refundedOn', { date: day(refund.createdAt) })}</span>
              <span className="tabular-nums">{f.money(refund.amount)}</span>
            </span>
            <span className="break-words text-muted-foreground" translate="no">
              {refund.reason}
            </span>
          </li>
        ))}
      </ul>
      {refunds.length > 1 ? (
        <p className="flex justify-between text-sm font-bold">
          <span>{t('refundedInAll')}</span>
          <span className="tabular-nums">{f.money(fromCents(total))}</span>
        </p>
      ) : null}
    </section>
  );
}

/** The item as the server writes it in the description, to show a description that says more. */
const serverItem = (receipt: Receipt) =>
  receipt.planType
    ? `${plans[receipt.planType].name} plan — monthly subscription`
    : (receipt.serviceType ?? receipt.description);

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useText(receiptText);
  const label = useLabel();
  const { day, f, cardLabel, methodLabel, planName } = useBillingWords();
  const item = receipt.planType
    ? t('planItem', { plan: planName(receipt.planType) })
    : receipt.serviceType
      ? label('service', receipt.serviceType)
      : null;
  const refunded = receipt.status === 'refunded';
  const method =
    receipt.paymentMethod === 'card'
      ? cardLabel(receipt.cardBrand, receipt.cardLast4)
      : methodLabel(receipt.paymentMethod);
  return (
    <Card id="receipt" className="grid gap-5 p-5 sm:p-8" aria-labelledby="receipt-title">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-2 text-lg font-extrabold" translate="no">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Truck className="size-5" aria-hidden />
          </span>
          Truck Finder
        </div>
        <div className="text-right">
          <h1 id="receipt-title" className="text-2xl font-extrabold">
            {t('receipt')}
          </h1>
          <p className="font-mono text-sm text-muted-foreground" translate="no">
            {receipt.receiptNumber}
          </p>
        </div>
      </header>

      {receipt.testMode ? <TestModeNotice /> : null}

      <div className="grid gap-1 rounded-xl bg-muted p-4">
        <p className="text-sm text-muted-foreground">
          {refunded ? t('amountRefunded') : t('amountPaid')}
        </p>
        <p className="flex flex-wrap items-center gap-3">
          <span className="text-3xl font-extrabold tabular-nums">
            {f.money(receipt.amount)}{' '}
            <span
              className="text-base font-semibold uppercase text-muted-foreground"
              translate="no"
            >
              {receipt.currency}
            </span>
          </span>
          <PaymentStatusBadge status={receipt.status} />
        </p>
        <p className="text-sm text-muted-foreground">{f.dateTime(receipt.createdAt)}</p>
      </div>

      <dl className="divide-y">
        <Row term={t('receiptNumber')}>
          <span className="font-mono" translate="no">
            {receipt.receiptNumber}
          </span>
        </Row>
        <Row term={t('date')}>{day(receipt.createdAt)}</Row>
        <Row term={t('billedTo')}>
          <span translate="no">{receipt.customerName}</span>
          <span className="block text-sm font-normal text-muted-foreground" translate="no">
            {receipt.customerEmail}
          </span>
        </Row>
        {receipt.businessName ? (
          <Row term={t('business')}>
            <span translate="no">{receipt.businessName}</span>
          </Row>
        ) : null}
        <Row term={receipt.planType ? t('plan') : t('service')}>
          {item ?? <span translate="no">{receipt.description ?? t('payment')}</span>}
        </Row>
        {receipt.description && receipt.description !== serverItem(receipt) ? (
          <Row term={t('description')}>
            <span translate="no">{receipt.description}</span>
          </Row>
        ) : null}
        {receipt.periodStart && receipt.periodEnd ? (
          <Row term={t('period')}>
            {day(receipt.periodStart)} – {day(receipt.periodEnd)}
          </Row>
        ) : null}
        {receipt.platformFee !== null ? (
          <Row term={t('platformFee')}>
            {f.money(receipt.platformFee)}
            <span className="block text-sm font-normal text-muted-foreground">
              {receipt.businessName ? (
                <T
                  text={receiptText}
                  id="feeIncluded"
                  values={{ business: receipt.businessName }}
                  components={{ 0: <span translate="no" /> }}
                />
              ) : (
                t('feeIncludedProvider')
              )}
            </span>
          </Row>
        ) : null}
        <Row term={t('paymentMethod')}>{method}</Row>
        <Row term={t('status')}>
          <PaymentStatusBadge status={receipt.status} />
          {receipt.status === 'failed' && receipt.failureMessage ? (
            <span className="mt-1 block text-sm text-destructive">{receipt.failureMessage}</span>
          ) : null}
        </Row>
      </dl>

      {receipt.refunds.length > 0 ? <Refunds refunds={receipt.refunds} /> : null}

      <p className="text-xs text-muted-foreground">
        <T
          text={receiptText}
          id="thanks"
          components={{ 0: <Link href="/support" className="font-semibold underline" /> }}
        />
      </p>
    </Card>
  );
}

/** A printable receipt for one payment (`/receipts/:id`). */
export default function ReceiptPage() {
  const { id = '' } = useParams<{ id: string }>();
  const t = useText(receiptText);
  const receipt = useReceipt(id);
  const { data: user } = useMe();
  const back =
    user?.role === 'mechanic'
      ? { href: '/profile?tab=payment-history', label: t('paymentHistory') }
      : { href: '/bookings?tab=history', label: t('bookingHistory') };

  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
      <style>{printCss}</style>
      <div className="flex items-center justify-between gap-2 print:hidden">
        <Link href={back.href} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden />
          {back.label}
        </Link>
        {receipt.data ? (
          <div className="flex flex-wrap justify-end gap-2">
            {hasPdfReceipt(receipt.data.status) ? (
              <a
                href={receiptPdfUrl(receipt.data.id)}
                download
                className={buttonVariants({ size: 'sm', variant: 'outline' })}
              >
                <FileDown aria-hidden />
                {t('downloadPdf')}
              </a>
            ) : null}
            <Button size="sm" onClick={() => window.print()}>
              <Printer aria-hidden />
              {t('print')}
            </Button>
          </div>
        ) : null}
      </div>
      {receipt.isPending ? (
        <BillingSkeleton label={t('loadingReceipt')} heights={[20, 24, 64]} />
      ) : receipt.isError ? (
        receipt.error instanceof ApiError && [400, 404].includes(receipt.error.status) ? (
          <Card className="grid justify-items-center gap-2 p-8 text-center" role="alert">
            <p className="text-lg font-bold">{t('notFound')}</p>
            <p className="text-sm text-muted-foreground">{t('notFoundHint')}</p>
          </Card>
        ) : (
          <LoadError
            message={t('couldNotLoad', { message: receipt.error.message })}
            onRetry={() => void receipt.refetch()}
          />
        )
      ) : (
        <ReceiptView receipt={receipt.data} />
      )}
    </div>
  );
}
