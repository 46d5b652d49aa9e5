import { useState } from 'react';
import { Link } from 'wouter';
import { featureGateMessage } from '#core/billing/plan-features.ts';
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
import { useTeamContext } from '#web/features/team/index.ts';
import { useMessage, useText, type Translate } from '#web/lib/i18n.ts';
import { reportDownloadUrl, useReport, type ReportRange } from '../api/use-report.ts';
import { ReportCharts } from '../components/report-charts.tsx';
import {
  PeriodTable,
  ServiceTable,
  SummaryTiles,
  TechnicianTable,
} from '../components/report-tables.tsx';
import { StatementList } from '../components/statement-list.tsx';
import { reportsText, type ReportsKey } from '../text.ts';

const today = () => new Date().toISOString().slice(0, 10);
const groupingKeys: Record<ReportGrouping, ReportsKey> = {
  day: 'groupDay',
  week: 'groupWeek',
  month: 'groupMonth',
};

/** What is wrong with a range before asking the server (the server checks the same). */
function rangeProblem(range: ReportRange, t: Translate<ReportsKey>): string | undefined {
  if (!range.from || !range.to) return t('chooseBothDates');
  const days = daysInRange(range.from, range.to);
  if (days < 1) return t('startAfterEnd');
  if (days > MAX_REPORT_DAYS) return t('tooManyDays', { max: MAX_REPORT_DAYS });
  if (range.groupBy === 'day' && days > MAX_DAILY_REPORT_DAYS)
    return t('tooManyDaysByDay', { max: MAX_DAILY_REPORT_DAYS });
  return undefined;
}

function Skeleton() {
  const t = useText(reportsText);
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={t('loading')}>
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
  const t = useText(reportsText);
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border p-4">
      <h2 className="text-lg font-bold">{t('upgradeTitle')}</h2>
      <p className="text-muted-foreground">{message}</p>
      <Link href="/profile?tab=billing" className={buttonVariants()}>
        {t('upgrade')}
      </Link>
    </div>
  );
}

/** /reports: a business's jobs, revenue and ratings over a range (Enterprise), and its statements. */
export default function ReportsPage() {
  const t = useText(reportsText);
  const message = useMessage();
  const { data: me } = useMe();
  const presets = rangePresets(today());
  const [range, setRange] = useState<ReportRange>({
    from: presets.last30.from,
    to: presets.last30.to,
    groupBy: 'day',
  });
  const problem = rangeProblem(range, t);
  // What the plan includes decides the page before a report is asked for: a plan without custom
  // reporting never shows the range form first and then jumps to the upgrade card. The server
  // still decides (its 403 below), should the plan have changed since.
  const team = useTeamContext();
  const planHas = team.isPending
    ? undefined
    : team.data
      ? team.data.features.includes('customReporting') && !team.data.paused
      : undefined;
  const query = useReport(range, !problem && planHas !== false);
  const gatedByServer =
    query.error instanceof ApiError &&
    query.error.status === 403 &&
    (/Upgrade in Profile/.test(query.error.message) ||
      query.error.message === message(featureGateMessage('customReporting')));
  const gated = planHas === false || gatedByServer;
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
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {team.isPending ? (
        <Skeleton />
      ) : gated ? (
        <Upgrade
          message={
            gatedByServer
              ? (query.error?.message ?? '')
              : message(featureGateMessage('customReporting'))
          }
        />
      ) : (
        <>
          <form
            className="grid gap-3 rounded-xl border p-4"
            aria-label={t('rangeForm')}
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="flex flex-wrap gap-2" role="group" aria-label={t('quickRanges')}>
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
                  {t(key)}
                </Button>
              ))}
            </div>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field
                label={t('from')}
                error={problem && range.from > range.to ? problem : undefined}
              >
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
              <Field label={t('to')}>
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
              <Field label={t('groupBy')}>
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
                        {t(groupingKeys[g])}
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
            <p className="text-xs text-muted-foreground">{t('utcNote')}</p>
            {!problem && (
              <div className="flex flex-wrap gap-2">
                <a
                  href={reportDownloadUrl(range, 'csv')}
                  download={`truck-finder-report-${range.from}-${range.to}.csv`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  {t('downloadCsv')}
                </a>
                <a
                  href={reportDownloadUrl(range, 'pdf')}
                  download={`truck-finder-report-${range.from}-${range.to}.pdf`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  {t('downloadPdf')}
                </a>
              </div>
            )}
          </form>

          {problem ? null : query.isPending ? (
            <Skeleton />
          ) : query.error ? (
            <div role="alert" className="grid justify-items-start gap-2">
              <p>
                {t('loadFailed')} {query.error.message}
              </p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t('tryAgain')}
              </Button>
            </div>
          ) : report ? (
            <div className="grid gap-5" aria-busy={query.isFetching}>
              <p className="text-sm text-muted-foreground" translate="no">
                {report.businessName}
              </p>
              <SummaryTiles totals={report.totals} />
              {report.totals.jobs === 0 ? (
                <p className="rounded-xl border-2 border-dashed p-6 text-center">{t('noJobs')}</p>
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
      {isOwner && !team.isPending && <StatementList />}
    </main>
  );
}
