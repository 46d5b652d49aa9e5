import { useState } from 'react';
import { Link } from 'wouter';
import {
  daysInRange,
  MAX_DAILY_REPORT_DAYS,
  MAX_REPORT_DAYS,
  rangePresets,
  reportGroupings,
  type ReportGrouping,
} from '#core/reports/rules.ts';
import { ApiError } from '#web/api/transport.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { reportDownloadUrl, useReport, type ReportRange } from '../api/use-report.ts';
import { ReportCharts } from '../components/report-charts.tsx';
import {
  PeriodTable,
  ServiceTable,
  SummaryTiles,
  TechnicianTable,
} from '../components/report-tables.tsx';
import { StatementList } from '../components/statement-list.tsx';

const today = () => new Date().toISOString().slice(0, 10);
const groupingLabels: Record<ReportGrouping, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** What is wrong with a range before asking the server (the server checks the same). */
function rangeProblem(range: ReportRange): string | undefined {
  if (!range.from || !range.to) return 'Choose both dates';
  const days = daysInRange(range.from, range.to);
  if (days < 1) return 'The start must not be after the end';
  if (days > MAX_REPORT_DAYS) return `A report covers at most ${MAX_REPORT_DAYS} days`;
  if (range.groupBy === 'day' && days > MAX_DAILY_REPORT_DAYS)
    return `By day, a report covers at most ${MAX_DAILY_REPORT_DAYS} days: group by week or month`;
  return undefined;
}

function Skeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading the report">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/** A plan without custom reporting: the plan line, an Upgrade link, and the statements. */
function Upgrade({ message }: { message: string }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border p-4">
      <h2 className="text-lg font-bold">Custom reports are an Enterprise feature</h2>
      <p className="text-muted-foreground">{message}</p>
      <Link href="/profile?tab=billing" className={buttonVariants()}>
        Upgrade
      </Link>
    </div>
  );
}

/** /reports: a business's jobs, revenue and ratings over a range (Enterprise), and its statements. */
export default function ReportsPage() {
  const { data: me } = useMe();
  const presets = rangePresets(today());
  const [range, setRange] = useState<ReportRange>({
    from: presets.last30.from,
    to: presets.last30.to,
    groupBy: 'day',
  });
  const problem = rangeProblem(range);
  const query = useReport(range, !problem);
  const gated =
    query.error instanceof ApiError &&
    query.error.status === 403 &&
    /Upgrade in Profile/.test(query.error.message);
  const isOwner = me?.role === 'mechanic';
  const report = query.data;

  const choosePreset = (key: keyof typeof presets) => {
    const preset = presets[key];
    const days = daysInRange(preset.from, preset.to);
    setRange({
      from: preset.from,
      to: preset.to,
      groupBy: days > MAX_DAILY_REPORT_DAYS ? 'month' : days > 35 ? 'week' : 'day',
    });
  };

  return (
    <main className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <h1 className="text-2xl font-bold">Reports</h1>
      {gated ? (
        <Upgrade message={query.error?.message ?? ''} />
      ) : (
        <>
          <form
            className="grid gap-3 rounded-xl border p-4"
            aria-label="Report range"
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
              {(Object.keys(presets) as (keyof typeof presets)[]).map((key) => (
                <Button
                  key={key}
                  type="button"
                  size="sm"
                  variant={
                    range.from === presets[key].from && range.to === presets[key].to
                      ? 'default'
                      : 'outline'
                  }
                  onClick={() => choosePreset(key)}
                >
                  {presets[key].label}
                </Button>
              ))}
            </div>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field label="From" error={problem && range.from > range.to ? problem : undefined}>
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    value={range.from}
                    max={range.to}
                    onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
                  />
                )}
              </Field>
              <Field label="To">
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    value={range.to}
                    min={range.from}
                    onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
                  />
                )}
              </Field>
              <Field label="Group by">
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={range.groupBy}
                    onChange={(e) =>
                      setRange((r) => ({ ...r, groupBy: e.target.value as ReportGrouping }))
                    }
                  >
                    {reportGroupings.map((g) => (
                      <option key={g} value={g}>
                        {groupingLabels[g]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            </div>
            {problem && !(range.from > range.to) && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {problem}
              </p>
            )}
            <p className="text-xs text-muted-foreground">
              Days are UTC; a job counts in the period it was asked for.
            </p>
            {!problem && (
              <div className="flex flex-wrap gap-2">
                <a
                  href={reportDownloadUrl(range, 'csv')}
                  download={`truck-finder-report-${range.from}-${range.to}.csv`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  Download CSV
                </a>
                <a
                  href={reportDownloadUrl(range, 'pdf')}
                  download={`truck-finder-report-${range.from}-${range.to}.pdf`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  Download PDF
                </a>
              </div>
            )}
          </form>

          {problem ? null : query.isPending ? (
            <Skeleton />
          ) : query.error ? (
            <div role="alert" className="grid justify-items-start gap-2">
              <p>The report could not be loaded. {query.error.message}</p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : report ? (
            <div className="grid gap-5" aria-busy={query.isFetching}>
              <p className="text-sm text-muted-foreground">{report.businessName}</p>
              <SummaryTiles totals={report.totals} />
              {report.totals.jobs === 0 ? (
                <p className="rounded-xl border-2 border-dashed p-6 text-center">
                  No jobs were asked for in this range.
                </p>
              ) : (
                <>
                  <ReportCharts report={report} />
                  <PeriodTable report={report} />
                  <ServiceTable services={report.services} />
                  <TechnicianTable technicians={report.technicians} />
                </>
              )}
            </div>
          ) : null}
        </>
      )}
      {isOwner && <StatementList />}
    </main>
  );
}
