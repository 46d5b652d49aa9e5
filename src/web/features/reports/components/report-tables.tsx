import { formatUsd } from '#core/money.ts';
import type { Report, ReportFigures } from '#core/reports/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';

const rating = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

/** The range's totals as tiles. */
export function SummaryTiles({ totals }: { totals: ReportFigures }) {
  const tiles = [
    { label: 'Jobs', value: String(totals.jobs) },
    { label: 'Completed', value: String(totals.byStatus.completed) },
    { label: 'Cancelled', value: String(totals.byStatus.cancelled) },
    { label: 'Visit-fee revenue', value: formatUsd(totals.visitFeeRevenue) },
    { label: 'Platform fees', value: formatUsd(totals.platformFees) },
    {
      label: 'Average rating',
      value: totals.averageRating === null ? '—' : `${rating(totals.averageRating)} ★`,
      hint: `${totals.reviews} ${totals.reviews === 1 ? 'review' : 'reviews'}`,
    },
    { label: 'Median time to accept', value: minutes(totals.medianMinutesToAccept) },
    { label: 'Median time to arrive', value: minutes(totals.medianMinutesToArrive) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <Card key={tile.label} className="grid gap-1 p-3">
          <dt className="text-sm text-muted-foreground">{tile.label}</dt>
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
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full min-w-[36rem] text-sm">{children}</table>
      </div>
    </section>
  );
}

const th = 'px-3 py-2 text-left font-semibold';
const td = 'px-3 py-2 text-right tabular-nums';

export function PeriodTable({ report }: { report: Report }) {
  return (
    <TableCard title="Periods" id="report-periods">
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            Period
          </th>
          {[
            'Jobs',
            'Completed',
            'Cancelled',
            'Revenue',
            'Fees',
            'Rating',
            'To accept',
            'To arrive',
          ].map((h) => (
            <th key={h} scope="col" className={`${th} text-right`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[...report.periods, { ...report.totals, start: 'Total', end: '' }].map((p) => (
          <tr key={p.start} className={p.start === 'Total' ? 'border-t font-semibold' : 'border-t'}>
            <th scope="row" className={`${th} font-normal`}>
              {p.start === 'Total'
                ? 'Total'
                : p.start === p.end
                  ? p.start
                  : `${p.start} – ${p.end}`}
            </th>
            <td className={td}>{p.jobs}</td>
            <td className={td}>{p.byStatus.completed}</td>
            <td className={td}>{p.byStatus.cancelled}</td>
            <td className={td}>{formatUsd(p.visitFeeRevenue)}</td>
            <td className={td}>{formatUsd(p.platformFees)}</td>
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
  if (services.length === 0) return null;
  return (
    <TableCard title="Jobs by service" id="report-services">
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            Service
          </th>
          <th scope="col" className={`${th} text-right`}>
            Jobs
          </th>
          <th scope="col" className={`${th} text-right`}>
            Completed
          </th>
        </tr>
      </thead>
      <tbody>
        {services.map((s) => (
          <tr key={s.serviceType} className="border-t">
            <th scope="row" className={`${th} font-normal`}>
              {s.serviceType}
            </th>
            <td className={td}>{s.jobs}</td>
            <td className={td}>{s.completed}</td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}

export function TechnicianTable({ technicians }: { technicians: Report['technicians'] }) {
  if (technicians.length === 0) return null;
  return (
    <TableCard title="Technicians" id="report-technicians">
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={th}>
            Technician
          </th>
          {['Jobs', 'Completed', 'Revenue', 'Rating', 'To arrive'].map((h) => (
            <th key={h} scope="col" className={`${th} text-right`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {technicians.map((t) => (
          <tr key={t.id ?? 'owner'} className="border-t">
            <th scope="row" className={`${th} font-normal`}>
              {t.name}
            </th>
            <td className={td}>{t.jobs}</td>
            <td className={td}>{t.completed}</td>
            <td className={td}>{formatUsd(t.visitFeeRevenue)}</td>
            <td className={td}>{rating(t.averageRating)}</td>
            <td className={td}>{minutes(t.medianMinutesToArrive)}</td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
}
