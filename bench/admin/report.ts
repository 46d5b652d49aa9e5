/** The tables a run prints. */
import { describeCpu } from '../lib/cpu.ts';
import { heading, int, ms, summaryRow, table } from '../lib/stats.ts';
import os from 'node:os';
import { BOOKINGS, WARMUP, SERVER_TIMING_SAMPLES } from './options.ts';
import { type Run } from './run.ts';

const seconds = (value: number) => `${ms(value / 1000, 2)} s`;
const ratio = (a: number, b: number) => `${ms(a / b, 1)}×`;

export function report(run: Run) {
  const out: string[] = [];
  out.push(heading(`PostgreSQL: admin dashboard, ${int(BOOKINGS)} bookings`));
  out.push(`Server: ${run.version.split(',')[0]}; ${run.settings}`);
  out.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
  );
  out.push('');
  const f = run.fill;
  out.push(
    table([
      ['Fill step', 'Time'],
      ['open + migrate', seconds(run.openMs)],
      ['users', seconds(f.usersMs)],
      ['service_providers', seconds(f.providersMs)],
      ['bookings (generate_series)', seconds(f.bookingsMs)],
      ['subscriptions + payments', seconds(f.billingMs)],
      ['rebuild indexes', seconds(f.indexesMs)],
      ['vacuum analyze', seconds(f.vacuumAnalyzeMs)],
      ['total fill', seconds(f.totalMs)],
    ]),
  );
  out.push(
    `Rows: ${Object.entries(run.counts)
      .map(([name, n]) => `${name} ${int(n)}`)
      .join(', ')}.`,
  );
  out.push(
    `bookings: table ${run.sizes.table}, its indexes ${run.sizes.indexes} (bookings_status_idx ${run.sizes.statusIdx}, bookings_created_at_idx ${run.sizes.createdIdx}).`,
  );
  out.push('');
  out.push(
    'EXPLAIN (ANALYZE, BUFFERS) of the dashboard statement (admin.repository.ts dashboard):',
  );
  out.push(run.plan.replace(/^/gm, '  '));
  out.push('');
  out.push('Scans in the plan:');
  out.push(run.scans.map((s) => `  ${s}`).join('\n'));
  out.push(
    run.seqScanOnBookings
      ? '=> FAIL: the plan reads bookings with a Seq Scan.'
      : '=> No Seq Scan on bookings.',
  );
  out.push('');
  out.push('Where the statement spends its time (EXPLAIN ANALYZE with timing, one run):');
  out.push(
    table([
      ['Figure', 'ms', 'Scans'],
      ...[...run.parts].sort((a, b) => b.ms - a.ms).map((p) => [p.name, ms(p.ms), p.scans || '-']),
    ]),
  );
  out.push(
    `Server-side (EXPLAIN ANALYZE, timing off) of ${SERVER_TIMING_SAMPLES} runs: execution p50 ${ms(run.execution.p50)} / max ${ms(run.execution.max)} ms, planning p50 ${ms(run.planning.p50)} ms; JIT used by ${run.jitRuns} of ${SERVER_TIMING_SAMPLES}. Planner's total cost ${int(run.totalCost)} (JIT from ${Number.isFinite(run.jitAboveCost) ? int(run.jitAboveCost) : 'never: jit = off'}).`,
  );
  out.push('');
  const h = run.http;
  out.push(
    `HTTP through app.inject, one at a time, ${WARMUP} warm-up each, dashboard and health alternating (milliseconds):`,
  );
  out.push(
    table([
      ['Route', 'Requests', 'p50', 'p95', 'p99', 'max', 'mean'],
      summaryRow('GET /api/admin/dashboard', h.dashboard),
      summaryRow('GET /api/health (baseline)', h.health),
    ]),
  );
  out.push(
    `Dashboard ÷ health: p50 ${ratio(h.dashboard.p50, h.health.p50)}, p99 ${ratio(h.dashboard.p99, h.health.p99)}, mean ${ratio(h.dashboard.mean, h.health.mean)}. Dashboard body ${int(h.dashboardBytes)} B.`,
  );
  out.push(`During the measurement: ${describeCpu(h.cpu)}.`);
  console.log(out.join('\n'));
}

export function summary(run: Run) {
  const h = run.http;
  const indexes = [
    ...new Set(
      run.scans
        .filter((s) => / on bookings\b/.test(s))
        .map((s) => s.replace(/ on bookings.*$/, '')),
    ),
  ];
  console.log(heading('Summary'));
  console.log(
    table([
      ['Measure', 'Value'],
      ['bookings', int(run.counts.bookings ?? 0)],
      ['fill (total)', seconds(run.fill.totalMs)],
      ['Seq Scan on bookings', run.seqScanOnBookings ? 'YES (FAIL)' : 'no'],
      ['statement execution p50 (server)', `${ms(run.execution.p50)} ms`],
      [
        'dashboard p50 / p99 / mean',
        `${ms(h.dashboard.p50)} / ${ms(h.dashboard.p99)} / ${ms(h.dashboard.mean)} ms`,
      ],
      [
        'health p50 / p99 / mean',
        `${ms(h.health.p50)} / ${ms(h.health.p99)} / ${ms(h.health.mean)} ms`,
      ],
      ['dashboard ÷ health (p50)', ratio(h.dashboard.p50, h.health.p50)],
      ['dashboard ÷ health (p99)', ratio(h.dashboard.p99, h.health.p99)],
      [
        'machine during HTTP',
        `${Math.round(h.cpu.machineBusy * 100)} % busy of ${h.cpu.cores} cores`,
      ],
    ]),
  );
  console.log(`bookings read by: ${indexes.join('; ') || '-'}.`);
}
