import { useText } from '#web/lib/i18n.ts';
import { payoutsText } from '../text.ts';

type Key = 'routingNumber' | 'accountNumber' | 'idNumber';
type Effect = 'payoutsSucceed' | 'payoutsFail' | 'verifiedAtOnce' | 'asksForDocument';

// Stripe's documented test values, as the test gateway takes them (core/billing/payouts.ts holds
// the bank numbers for the server). Written out here so this page does not load the API schemas.
const values: [Key, string, Effect | null][] = [
  ['routingNumber', '110000000', null],
  ['accountNumber', '000123456789', 'payoutsSucceed'],
  ['accountNumber', '000111111116', 'payoutsFail'],
  ['idNumber', '000000000', 'verifiedAtOnce'],
  ['idNumber', '111111111', 'asksForDocument'],
];

/** The test gateway's documented values (the same as Stripe's test mode). */
export function TestValues() {
  const t = useText(payoutsText);
  return (
    <div className="grid gap-1">
      <p>{t('useTestValues')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {values.map(([label, value, effect]) => (
          <div key={value} className="contents">
            <dt className="text-muted-foreground">{t(label)}</dt>
            <dd>
              <code className="font-mono font-semibold">{value}</code>
              {effect ? <span className="text-muted-foreground"> — {t(effect)}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
