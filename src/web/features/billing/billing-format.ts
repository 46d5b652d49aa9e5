import { cardBrands, type CardBrand } from '#core/billing/cards.ts';
import type { Plan } from '#core/billing/plans.ts';
import { useText } from '#web/lib/i18n.ts';
import { useFormat } from '#web/lib/format.ts';
import { useLabel } from '#web/lib/labels.ts';
import { billingText } from './text.ts';

const isBrand = (brand: string): brand is CardBrand =>
  (cardBrands as readonly string[]).includes(brand);

const two = (value: number) => String(value % 100).padStart(2, '0');

/** The words billing writes about cards and payments, in the language in use. */
export function useBillingWords() {
  const t = useText(billingText);
  const label = useLabel();
  const f = useFormat();
  const brandLabel = (brand: string | null) =>
    label('cardBrand', brand && isBrand(brand) ? brand : 'unknown');
  return {
    t,
    f,
    /** Dates as "Nov 23, 2026". */
    day: (iso: string | Date) => f.date(iso),
    /** Plan prices live in cents in core: "$79.99". */
    planPrice: (plan: Plan) => f.cents(plan.priceCents),
    brandLabel,
    /** "Visa •••• 4242". */
    cardLabel: (brand: string | null, last4: string | null) =>
      last4 ? t('cardNumber', { brand: brandLabel(brand), last4 }) : brandLabel(brand),
    /** "Expires 04/28". */
    expiryLabel: (month: number, year: number) =>
      t('expires', { month: two(month), year: two(year) }),
    /** How a payment was made, as a word: "Card" or "Cash". */
    methodLabel: (method: string) => t('method', { method }),
    /** "Basic", "Premium", "Enterprise". */
    planName: (plan: string) => t('planName', { plan }),
  };
}
