import { format } from 'date-fns';
import { brandLabels, cardBrands, type CardBrand } from '#core/billing/cards.ts';
import { plans, type Plan, type PlanType } from '#core/billing/plans.ts';
import { formatUsd } from '#core/money.ts';

/** Dates as "Nov 23, 2026". */
export const formatDay = (iso: string | Date) =>
  format(typeof iso === 'string' ? new Date(iso) : iso, 'MMM d, yyyy');

/** Plan prices live in cents in core: "$79.99". */
export const planPrice = (plan: Plan) => formatUsd(plan.priceCents / 100);

export const planName = (type: PlanType) => plans[type].name;

const isBrand = (brand: string): brand is CardBrand =>
  (cardBrands as readonly string[]).includes(brand);

export const brandLabel = (brand: string | null) =>
  brand && isBrand(brand) ? brandLabels[brand] : 'Card';

/** "Visa •••• 4242". */
export const cardLabel = (brand: string | null, last4: string | null) =>
  `${brandLabel(brand)}${last4 ? ` •••• ${last4}` : ''}`;

/** "Expires 04/28". */
export const expiryLabel = (month: number, year: number) =>
  `Expires ${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** How a payment was made, as a word: "Card" or "Cash". */
export const methodLabel = (method: string) =>
  method === 'cash' ? 'Cash' : method === 'ach' ? 'Bank transfer' : 'Card';
