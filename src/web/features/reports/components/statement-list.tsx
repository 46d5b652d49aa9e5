import { monthsBefore } from '#core/reports/rules.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { statementPdfUrl } from '../api/use-report.ts';
import { reportsText } from '../text.ts';

/** The last twelve months' statements as PDF downloads (the owner, every plan). */
export function StatementList({ now = new Date() }: { now?: Date }) {
  const t = useText(reportsText);
  const f = useFormat();
  const monthName = (month: string) =>
    f.date(`${month}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const months = monthsBefore(now, 12);
  return (
    <section className="grid gap-2" aria-labelledby="statements-title">
      <h2 id="statements-title" className="text-lg font-semibold">
        {t('statementsTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('statementsHint')}</p>
      <Card className="divide-y p-0">
        <ul className="divide-y">
          {months.map((month) => (
            <li key={month} className="flex items-center justify-between gap-3 px-4 py-2">
              <span>{monthName(month)}</span>
              <a
                href={statementPdfUrl(month)}
                download={`truck-finder-statement-${month}.pdf`}
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t('downloadPdf')}
                <span className="sr-only">{t('statementFor', { month: monthName(month) })}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
