import { monthsBefore } from '#core/reports/rules.ts';
import { Card } from '#web/components/ui/card.tsx';
import { statementPdfUrl } from '../api/use-report.ts';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The last twelve months' statements as PDF downloads (the owner, every plan). */
export function StatementList({ now = new Date() }: { now?: Date }) {
  const months = monthsBefore(now, 12);
  return (
    <section className="grid gap-2" aria-labelledby="statements-title">
      <h2 id="statements-title" className="text-lg font-semibold">
        Monthly statements
      </h2>
      <p className="text-sm text-muted-foreground">
        Each month&apos;s jobs, revenue, fees and rating. We email it to you on the 1st.
      </p>
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
                Download PDF<span className="sr-only"> for {monthName(month)}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
