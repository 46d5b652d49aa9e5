import { format } from 'date-fns';
import { ArrowLeft, FileDown, Printer, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { Receipt } from '#core/billing/schemas.ts';
import { formatUsd, fromCents, toCents } from '#core/money.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/api/transport.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useReceipt } from '../api/use-receipt.ts';
import { cardLabel, formatDay, methodLabel, planName } from '../billing-format.ts';
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
  const total = refunds.reduce((sum, refund) => sum + toCents(refund.amount), 0);
  return (
    <section aria-labelledby="refunds-title" className="grid gap-2">
      <h2 id="refunds-title" className="font-bold">
        Refunds
      </h2>
      <ul className="grid gap-2">
        {refunds.map((refund) => (
          <li key={refund.id} className="grid gap-0.5 rounded-xl bg-muted p-3 text-sm">
            <span className="flex justify-between gap-2 font-semibold">
              <span>Refunded {formatDay(refund.createdAt)}</span>
              <span className="tabular-nums">{formatUsd(refund.amount)}</span>
            </span>
            <span className="break-words text-muted-foreground">{refund.reason}</span>
          </li>
        ))}
      </ul>
      {refunds.length > 1 ? (
        <p className="flex justify-between text-sm font-bold">
          <span>Refunded in all</span>
          <span className="tabular-nums">{formatUsd(fromCents(total))}</span>
        </p>
      ) : null}
    </section>
  );
}

const itemOf = (receipt: Receipt) =>
  receipt.planType
    ? `${planName(receipt.planType)} plan — monthly subscription`
    : (receipt.serviceType ?? receipt.description ?? 'Payment');

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const refunded = receipt.status === 'refunded';
  const method =
    receipt.paymentMethod === 'card'
      ? cardLabel(receipt.cardBrand, receipt.cardLast4)
      : methodLabel(receipt.paymentMethod);
  return (
    <Card id="receipt" className="grid gap-5 p-5 sm:p-8" aria-labelledby="receipt-title">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-2 text-lg font-extrabold">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Truck className="size-5" aria-hidden />
          </span>
          Truck Finder
        </div>
        <div className="text-right">
          <h1 id="receipt-title" className="text-2xl font-extrabold">
            Receipt
          </h1>
          <p className="font-mono text-sm text-muted-foreground">{receipt.receiptNumber}</p>
        </div>
      </header>

      {receipt.testMode ? <TestModeNotice /> : null}

      <div className="grid gap-1 rounded-xl bg-muted p-4">
        <p className="text-sm text-muted-foreground">
          {refunded ? 'Amount refunded' : 'Amount paid'}
        </p>
        <p className="flex flex-wrap items-center gap-3">
          <span className="text-3xl font-extrabold tabular-nums">
            {formatUsd(receipt.amount)}{' '}
            <span className="text-base font-semibold uppercase text-muted-foreground">
              {receipt.currency}
            </span>
          </span>
          <PaymentStatusBadge status={receipt.status} />
        </p>
        <p className="text-sm text-muted-foreground">
          {format(new Date(receipt.createdAt), 'MMM d, yyyy, h:mm a')}
        </p>
      </div>

      <dl className="divide-y">
        <Row term="Receipt number">
          <span className="font-mono">{receipt.receiptNumber}</span>
        </Row>
        <Row term="Date">{formatDay(receipt.createdAt)}</Row>
        <Row term="Billed to">
          {receipt.customerName}
          <span className="block text-sm font-normal text-muted-foreground">
            {receipt.customerEmail}
          </span>
        </Row>
        {receipt.businessName ? <Row term="Business">{receipt.businessName}</Row> : null}
        <Row term={receipt.planType ? 'Plan' : 'Service'}>{itemOf(receipt)}</Row>
        {receipt.description && receipt.description !== itemOf(receipt) ? (
          <Row term="Description">{receipt.description}</Row>
        ) : null}
        {receipt.periodStart && receipt.periodEnd ? (
          <Row term="Period">
            {formatDay(receipt.periodStart)} – {formatDay(receipt.periodEnd)}
          </Row>
        ) : null}
        {receipt.platformFee !== null ? (
          <Row term="Platform fee (10%)">
            {formatUsd(receipt.platformFee)}
            <span className="block text-sm font-normal text-muted-foreground">
              Included in the amount paid; the rest goes to {receipt.businessName ?? 'the provider'}
              .
            </span>
          </Row>
        ) : null}
        <Row term="Payment method">{method}</Row>
        <Row term="Status">
          <PaymentStatusBadge status={receipt.status} />
          {receipt.status === 'failed' && receipt.failureMessage ? (
            <span className="mt-1 block text-sm text-destructive">{receipt.failureMessage}</span>
          ) : null}
        </Row>
      </dl>

      {receipt.refunds.length > 0 ? <Refunds refunds={receipt.refunds} /> : null}

      <p className="text-xs text-muted-foreground">
        Thank you for using Truck Finder. Questions about this payment?{' '}
        <Link href="/support" className="font-semibold underline">
          Contact Support
        </Link>{' '}
        with the receipt number.
      </p>
    </Card>
  );
}

/** A printable receipt for one payment (`/receipts/:id`). */
export default function ReceiptPage() {
  const { id = '' } = useParams<{ id: string }>();
  const receipt = useReceipt(id);
  const { data: user } = useMe();
  const back =
    user?.role === 'mechanic'
      ? { href: '/profile?tab=payment-history', label: 'Payment History' }
      : { href: '/bookings?tab=history', label: 'Booking History' };

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
                Download PDF
              </a>
            ) : null}
            <Button size="sm" onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
          </div>
        ) : null}
      </div>
      {receipt.isPending ? (
        <BillingSkeleton label="Loading receipt" heights={[20, 24, 64]} />
      ) : receipt.isError ? (
        receipt.error instanceof ApiError && [400, 404].includes(receipt.error.status) ? (
          <Card className="grid justify-items-center gap-2 p-8 text-center" role="alert">
            <p className="text-lg font-bold">Receipt not found</p>
            <p className="text-sm text-muted-foreground">
              This payment does not exist or belongs to another account.
            </p>
          </Card>
        ) : (
          <LoadError
            message={`Could not load this receipt: ${receipt.error.message}`}
            onRetry={() => void receipt.refetch()}
          />
        )
      ) : (
        <ReceiptView receipt={receipt.data} />
      )}
    </div>
  );
}
