// Stripe's documented test values, as the test gateway takes them (core/billing/payouts.ts holds
// the bank numbers for the server). Written out here so this page does not load the API schemas.
const values: [string, string, string][] = [
  ['Routing number', '110000000', ''],
  ['Account number', '000123456789', 'payouts succeed'],
  ['Account number', '000111111116', 'payouts fail'],
  ['ID number', '000000000', 'verified at once'],
  ['ID number', '111111111', 'asks for an ID document'],
];

/** The test gateway's documented values (the same as Stripe's test mode). */
export function TestValues() {
  return (
    <div className="grid gap-1">
      <p>Use these test values:</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {values.map(([label, value, effect]) => (
          <div key={value} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>
              <code className="font-mono font-semibold">{value}</code>
              {effect ? <span className="text-muted-foreground"> — {effect}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
