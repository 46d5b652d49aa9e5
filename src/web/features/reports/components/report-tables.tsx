import type { Report, ReportFigures } from '#core/reports/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { reportsText, type ReportsKey } from '../text.ts';

/** The report's ratings, minutes and days in the language in use. */
function useFigures() {
  const t = useText(reportsText);
  const f = useFormat();
  return {
    t,
    f,
    rating: (value: number | null) =>
      value === null
        ? '—'
        : f.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    minutes: (value: number | null) =>
      value === null ? '—' : t('minutes', { minutes: f.number(value) }),
    /** A period's first or last day: the report's days are UTC. */
    day: (iso: string) => f.date(`${iso}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
  };
}

/** The range's totals as tiles. */
export function SummaryTiles({ totals }: { totals: ReportFigures }) {
  const { t, f, rating, minutes } = useFigures();
  const tiles: { key: ReportsKey; value: string; hint?: string }[] = [
    { key: 'jobs', value: f.number(totals.jobs) },
    { key: 'completed', value: f.number(totals.byStatus.completed) },
    { key: 'cancelled', value: f.number(totals.byStatus.cancelled) },
    { key: 'visitFeeRevenue', value: f.money(totals.visitFeeRevenue) },
    { key: 'platformFees', value: f.money(totals.platformFees) },
    {
      key: 'averageRating',
      value: totals.averageRating === null ? '—' : `${rating(totals.averageRating)} ★`,
      hint: t('reviewCount', { count: totals.reviews }),
    },
    { key: 'medianToAccept', value: minutes(totals.medianMinutesToAccept) },
    { key: 'medianToArrive', value: minutes(totals.medianMinutesToArrive) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <Card key={tile.key} className="grid gap-1 p-3">
          <dt className="text-sm text-muted-foreground">{t(tile.key)}</dt>
          <dd className="text-xl font-bold tabular-nums">{tile.value}</dd>
          {tile.hint && <dd className="text-xs text-muted-foreground">{tile.hint}</dd>}
        </Card>
      ))}
    </dl>
  );
}

function TableCard({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {/* Wider than a phone: it scrolls, so a keyboard must be able to reach it. */}
      <div
        tabIndex={0}
        className="overflow-x-auto rounded-xl border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full min-w-[36rem] text-sm">{children}</table>
      </div>
    </section>
  );
}

const th = 'px-3 py-2 text-left font-semibold';
const td = 'px-3 py-2 text-right tabular-nums';

export function PeriodTable({ report }: { report: Report }) {
  const { t, f, rating, minutes, day } = useFigures();
  const headings: ReportsKey[] = [
    'jobs',
    'completed',
    'cancelled',
    'revenue',
    'fees',
    'rating',
    'toAccept',
    'toArrive',
  ];
  const rows = [
    ...report.periods.map((p) => ({
      ...p,
      key: p.start,
      name: p.start === p.end ? day(p.start) : `${day(p.start)} – ${day(p.end)}`,
      total: false,
    })),
    { ...report.totals, key: 'total', name: t('total'), total: true },
  ];
  return (
    <TableCard title={t('periods')} id="report-periods">
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            {t('period')}
          </th>
          {headings.map((h) => (
            <th key={h} scope="col" className={`${th} text-right`}>
              {t(h)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.key} className={p.total ? 'border-t font-semibold' : 'border-t'}>
            <th scope="row" className={`${th} font-normal`}>
              {p.name}
            </th>
            <td className={td}>{f.number(p.jobs)}</td>
            <td className={td}>{f.number(p.byStatus.completed)}</td>
            <td className={td}>{f.number(p.byStatus.cancelled)}</td>
            <td className={td}>{f.money(p.visitFeeRevenue)}</td>
            <td className={td}>{f.money(p.platformFees)}</td>
            <td className={td}>{rating(p.averageRating)}</td>
            <td className={td}>{minutes(p.medianMinutesToAccept)}</td>
            <td className={td}>{minutes(p.medianMinutesToArrive)}</td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}

export function ServiceTable({ services }: { services: Report['services'] }) {
  const { t, f } = useFigures();
  const label = useLabel();
  if (services.length === 0) return null;
  return (
    <TableCard title={t('jobsByService')} id="report-services">
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            {t('service')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('jobs')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('completed')}
          </th>
        </tr>
      </thead>
      <tbody>
        {services.map((s) => (
          <tr key={s.serviceType} className="border-t">
            <th scope="row" className={`${th} font-normal`}>
              {label('service', s.serviceType)}
            </th>
            <td className={td}>{f.number(s.jobs)}</td>
            <td className={td}>{f.number(s.completed)}</td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}

export function TechnicianTable({ technicians }: { technicians: Report['technicians'] }) {
  const { t, f, rating, minutes } = useFigures();
  if (technicians.length === 0) return null;
  const headings: ReportsKey[] = ['jobs', 'completed', 'revenue', 'rating', 'toArrive'];
  return (
    <TableCard title={t('technicians')} id="report-technicians">
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            {t('technician')}
          </th>
          {headings.map((h) => (
            <th key={h} scope="col" className={`${th} text-right`}>
              {t(h)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {technicians.map((person) => (
          <tr key={person.id ?? 'owner'} className="border-t">
            {person.id === null ? (
              <th scope="row" className={`${th} font-normal`}>
                {t('ownerOrUnassigned')}
              </th>
            ) : (
              <th scope="row" className={`${th} font-normal`} translate="no">
                {person.name}
              </th>
            )}
            <td className={td}>{f.number(person.jobs)}</td>
            <td className={td}>{f.number(person.completed)}</td>
            <td className={td}>{f.money(person.visitFeeRevenue)}</td>
            <td className={td}>{rating(person.averageRating)}</td>
            <td className={td}>{minutes(person.medianMinutesToArrive)}</td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}
