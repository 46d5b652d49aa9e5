import { heading, int, ms, table } from '../lib/stats.ts';
import { cpuPerRequest } from './measure-http.ts';
import { CONNECTIONS, RADIUS } from './options.ts';
import { type Run } from './run.ts';
export interface Target {
  kind: 'pglite' | 'postgres';
  n: number;
  name: string;
  goal: string;
  measured: (run: Run) => { text: string; pass: boolean } | undefined;
}

export const atMost = (value: number, limit: number) => ({
  text: `${ms(value)} ms`,
  pass: value <= limit,
});

export const targets: Target[] = [
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `DB ${RADIUS} mi p50`,
    goal: '≤ 5 ms',
    measured: (r) => atMost(r.headline.p50, 5),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `DB ${RADIUS} mi p99`,
    goal: '≤ 25 ms',
    measured: (r) => atMost(r.headline.p99, 25),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `HTTP p99, ${CONNECTIONS} conn., random points, cache off`,
    goal: '≤ 100 ms',
    measured: (r) => (r.http ? atMost(r.http.randomOnly.latency.p99, 100) : undefined),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `HTTP p99, ${CONNECTIONS} conn., random points, cache on`,
    goal: '≤ 100 ms',
    measured: (r) => (r.http ? atMost(r.http.cached.randomOnly.latency.p99, 100) : undefined),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `Node CPU per answer ÷ DB execution (${CONNECTIONS} conn., cache off)`,
    goal: '≤ 0.5',
    measured: (r) => {
      if (!r.http) return undefined;
      const ratio = cpuPerRequest(r.http.loadedCpu, r.http.loaded) / r.server.execution.p50;
      return { text: ratio.toFixed(2), pass: ratio <= 0.5 };
    },
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: 'plan uses service_providers_search_idx',
    goal: 'index scan, no Seq Scan',
    measured: (r) => ({
      text: r.planUsesIndex && !r.planSeqScan ? 'index' : 'NO INDEX',
      pass: r.planUsesIndex && !r.planSeqScan,
    }),
  },
  {
    kind: 'pglite',
    n: 100_000,
    name: `DB ${RADIUS} mi p50`,
    goal: '≤ 20 ms',
    measured: (r) => atMost(r.headline.p50, 20),
  },
];

export function verdicts(runs: Run[]) {
  const rows = [['Database', 'Target N', 'Measure', 'Target', 'Measured', 'Result']];
  for (const target of targets) {
    const label = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const run = runs.find((r) => r.kind === target.kind);
    const m = run ? target.measured(run) : undefined;
    let result = 'not run';
    if (run && !m) result = 'not measured';
    else if (run && m) {
      result = m.pass ? 'PASS' : 'MISS';
      if (run.n !== target.n) result = `${result}* (ran N=${int(run.n)}, not ${int(target.n)})`;
    }
    rows.push([label, int(target.n), target.name, target.goal, m?.text ?? '-', result]);
  }
  console.log(heading('Targets'));
  console.log(table(rows));
  if (rows.some((r) => r[5]?.includes('*')))
    console.log('* indicative only: the target is defined for another number of providers.');
}
