import { brandLabels, cardBrands, type CardBrand } from '../../../core/billing/cards.ts';
import { plans } from '../../../core/billing/plans.ts';
import { AppError } from '../../../core/errors.ts';
import { formatUsd, fromCents, toCents } from '../../../core/money.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { labelValue, renderPdf, rule, type Pdf } from '../../pdf/document.ts';
import type { EmailAttachment } from '../mail/index.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { findReceiptDocument } from './receipts.repository.ts';

/** Everything one receipt prints (docs/decisions/059-pdf-receipts.md). */
export type ReceiptDocument = NonNullable<Awaited<ReturnType<typeof findReceiptDocument>>>;

/** As for the receipt page: a payment still in play has no receipt. */
const NO_RECEIPT_YET = new Set(['processing', 'awaiting_confirmation', 'disputed']);

export const receiptFilename = (receiptNumber: string) =>
  `truck-finder-receipt-${receiptNumber}.pdf`;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

const isBrand = (brand: string): brand is CardBrand =>
  (cardBrands as readonly string[]).includes(brand);

/** "Visa ending in 4242", "Cash", "Card". */
export function paymentMethodLine(payment: ReceiptDocument['payment']): string {
  if (payment.paymentMethod === 'cash') return 'Cash';
  if (payment.paymentMethod === 'ach') return 'Bank transfer';
  const brand =
    payment.cardBrand && isBrand(payment.cardBrand) ? brandLabels[payment.cardBrand] : 'Card';
  return payment.cardLast4 ? `${brand} ending in ${payment.cardLast4}` : brand;
}

/** A job's total in its parts, in cents: the job's price and the platform's 10 % on top. */
export function jobItems(found: ReceiptDocument) {
  const totalCents = toCents(found.payment.amount);
  const baseCents =
    found.platformFeeCents !== null
      ? totalCents - found.platformFeeCents
      : found.booking
        ? toCents(found.booking.actualCost ?? found.booking.visitFee ?? 0)
        : totalCents;
  const feeCents = totalCents - baseCents;
  return {
    label: found.booking?.actualCost != null ? 'Job cost' : 'Visit fee',
    baseCents,
    feeCents: feeCents >= 0 ? feeCents : null,
    totalCents,
  };
}

const statusLines: Partial<Record<string, string>> = {
  refunded: 'Refunded',
  failed: 'Payment failed',
  pending: 'Payment pending',
};

function header(doc: Pdf, title: string, found: ReceiptDocument, testMode: boolean) {
  doc.font('bold').fontSize(18).fillColor('#0f172a').text('Truck Finder');
  doc.moveDown(0.3);
  doc.fontSize(14).text(title);
  doc.font('regular').fontSize(10).fillColor('#475569').text(found.payment.receiptNumber);
  doc.fillColor('#0f172a');
  if (testMode) {
    doc.moveDown(0.5);
    doc.font('bold').fillColor('#b45309').text('Test mode — no real money moved');
    doc.font('regular').fillColor('#0f172a');
  }
  rule(doc);
}

function business(doc: Pdf, provider: NonNullable<ReceiptDocument['provider']>, label: string) {
  doc.font('bold').text(label);
  doc.font('regular').text(provider.businessName);
  const street = provider.address?.trim();
  const place = [provider.city, [provider.state, provider.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  if (street) doc.text(street);
  if (place) doc.text(place);
  if (provider.phone) doc.text(provider.phone);
  doc.moveDown(0.6);
}

/** A label with a long value under it across the page (the truck, the place). */
function block(doc: Pdf, label: string, value: string) {
  doc.font('bold').text(label);
  doc.font('regular').text(value);
  doc.moveDown(0.4);
}

function refundsAndNet(doc: Pdf, found: ReceiptDocument, paidLabel: string) {
  if (found.refunds.length === 0) return;
  rule(doc);
  let refunded = 0;
  for (const refund of found.refunds) {
    refunded += toCents(refund.amount);
    labelValue(doc, `Refunded ${day(refund.createdAt)}`, `−${formatUsd(refund.amount)}`);
  }
  labelValue(doc, paidLabel, formatUsd(fromCents(toCents(found.payment.amount) - refunded)), {
    bold: true,
  });
}

function footer(doc: Pdf, found: ReceiptDocument) {
  rule(doc);
  labelValue(doc, 'Payment method', paymentMethodLine(found.payment));
  const status = statusLines[found.payment.status];
  if (status) labelValue(doc, 'Status', status);
  doc.moveDown(1);
  doc
    .fontSize(8)
    .fillColor('#475569')
    .text(
      `Thank you for using Truck Finder. Questions about this payment? Contact Support with the number ${found.payment.receiptNumber}.`,
    );
}

/** The driver's job receipt (A5): the business, the truck, the job, itemised amounts. */
function drawJobReceipt(doc: Pdf, found: ReceiptDocument, testMode: boolean) {
  header(doc, 'Receipt', found, testMode);
  labelValue(doc, 'Receipt number', found.payment.receiptNumber);
  labelValue(doc, 'Date paid', day(found.payment.createdAt));
  doc.moveDown(0.6);
  if (found.provider) business(doc, found.provider, 'Service provider');
  doc.font('bold').text('Billed to');
  doc.font('regular').text(found.payerName);
  doc.moveDown(0.6);
  if (found.booking?.vehicleDetails) block(doc, 'Truck', found.booking.vehicleDetails);
  block(doc, 'Service', found.booking?.serviceType ?? found.payment.description ?? 'Job');
  if (found.booking?.location) block(doc, 'Location', found.booking.location);
  rule(doc);
  const items = jobItems(found);
  if (items.feeCents !== null) {
    labelValue(doc, items.label, formatUsd(fromCents(items.baseCents)));
    labelValue(doc, 'Platform fee (10%)', formatUsd(fromCents(items.feeCents)));
  }
  labelValue(doc, 'Total', formatUsd(fromCents(items.totalCents)), { bold: true });
  refundsAndNet(doc, found, 'Net paid');
  footer(doc, found);
}

/** The provider's plan invoice (A5). */
function drawPlanInvoice(doc: Pdf, found: ReceiptDocument, testMode: boolean) {
  header(doc, 'Invoice', found, testMode);
  labelValue(doc, 'Invoice number', found.payment.receiptNumber);
  labelValue(doc, 'Date paid', day(found.payment.createdAt));
  doc.moveDown(0.6);
  if (found.provider) business(doc, found.provider, 'Billed to');
  else {
    doc.font('bold').text('Billed to');
    doc.font('regular').text(found.payerName);
    doc.moveDown(0.6);
  }
  labelValue(
    doc,
    'Plan',
    found.planType ? `${plans[found.planType].name} plan — monthly` : 'Truck Finder plan',
  );
  if (found.payment.periodStart && found.payment.periodEnd)
    labelValue(
      doc,
      'Period',
      `${day(found.payment.periodStart)} – ${day(found.payment.periodEnd)}`,
    );
  rule(doc);
  labelValue(doc, 'Amount', formatUsd(found.payment.amount), { bold: true });
  refundsAndNet(doc, found, 'Net paid');
  footer(doc, found);
}

/** A payment's receipt (a job) or invoice (a plan) as PDF bytes. */
export function renderReceiptPdf(found: ReceiptDocument, testMode: boolean): Promise<Buffer> {
  const plan = found.payment.subscriptionId !== null || found.planType !== null;
  const kind = plan ? 'invoice' : 'receipt';
  return renderPdf(
    { title: `Truck Finder ${kind} ${found.payment.receiptNumber}`, size: 'A5' },
    (doc) => (plan ? drawPlanInvoice(doc, found, testMode) : drawJobReceipt(doc, found, testMode)),
  );
}

/**
 * Who reads a payment's PDF: its payer, the business whose job it paid (their copy), an admin.
 * Anyone else is told it does not exist.
 */
const mayRead = (user: PublicUser, found: ReceiptDocument) =>
  user.role === 'admin' ||
  found.payment.userId === user.id ||
  (found.booking !== null && found.provider?.ownerId === user.id);

export function createReceiptsService(db: Database, gateway: Pick<PaymentGateway, 'mode'>) {
  const hasReceipt = (found: ReceiptDocument) => !NO_RECEIPT_YET.has(found.payment.status);
  return {
    /** GET /api/payments/:id/receipt.pdf */
    async pdf(user: PublicUser, id: string): Promise<{ filename: string; content: Buffer }> {
      const found = await findReceiptDocument(db, id);
      if (!found || !mayRead(user, found)) throw new AppError('not_found', 'Payment not found');
      if (!hasReceipt(found))
        throw new AppError(
          'conflict',
          found.payment.paymentMethod === 'cash'
            ? 'No receipt yet: the provider has not confirmed this cash payment'
            : 'No receipt yet: this payment is still being processed',
        );
      return {
        filename: receiptFilename(found.payment.receiptNumber),
        content: await renderReceiptPdf(found, gateway.mode === 'test'),
      };
    },

    /** The PDF a receipt email carries; null when the payment has none (yet). */
    async attachment(paymentId: string): Promise<EmailAttachment | null> {
      const found = await findReceiptDocument(db, paymentId);
      if (!found || !hasReceipt(found)) return null;
      return {
        filename: receiptFilename(found.payment.receiptNumber),
        contentType: 'application/pdf',
        content: await renderReceiptPdf(found, gateway.mode === 'test'),
      };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
