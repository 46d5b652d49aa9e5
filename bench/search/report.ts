import os from 'node:os';
import { SEARCH_DEFAULT_LIMIT } from '../../src/core/providers/search.ts';
import { describeCpu } from '../lib/cpu.ts';
import type { LoadResult } from '../lib/http-load.ts';
import { heading, int, ms, summaryRow, table } from '../lib/stats.ts';
import { HTTP_SECONDS, CONNECTIONS, RADIUS, EXPLAIN_AT } from './options.ts';
import { type Scenario } from './measure.ts';
import { type Run } from './run.ts';
import { cpuPerRequest } from './measure-http.ts';
export const latencyRow = (name: string, s: Scenario) => [
  ...summaryRow(name, s),
  ms(s.avgRows, 1),
  `${Math.round(s.full * 100)}%`,
];

export function report(run: Run) {
  const out: string[] = [];
  out.push(heading(`${run.label}: ${int(run.n)} providers`));
  out.push(`Server: ${run.version.split(',')[0]}`);
  out.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  out.push('');
  out.push(
    table([
      ['Fill step', 'Time'],
      ['open + migrate', `${ms(run.openMs / 1000, 2)} s`],
      ['users (generate_series)', `${ms(run.fill.usersMs / 1000, 2)} s`],
      ['service_providers', `${ms(run.fill.providersMs / 1000, 2)} s`],
      ['rebuild indexes', `${ms(run.fill.indexesMs / 1000, 2)} s`],
      ['vacuum analyze', `${ms(run.fill.vacuumAnalyzeMs / 1000, 2)} s`],
      ['total fill', `${ms(run.fill.totalMs / 1000, 2)} s`],
    ]),
  );
  out.push(
    `Table ${run.sizes.table}, its indexes ${run.sizes.indexes} (service_providers_search_idx ${run.sizes.searchIndex}); bench process RSS ${int(run.rssMb)} MB`,
  );
  out.push('');
  out.push('Database search (searchProviders, one at a time, milliseconds):');
  out.push(
    table([
      ['Scenario', 'Queries', 'p50', 'p95', 'p99', 'max', 'mean', 'avg rows', 'hit limit'],
      latencyRow(`${RADIUS} mi, limit ${SEARCH_DEFAULT_LIMIT} (headline)`, run.headline),
      latencyRow(`  of which near a metro centre`, run.byKind.metro),
      latencyRow(`  of which random point`, run.byKind.random),
      latencyRow('5..50 mi random radius', run.randomRadius),
    ]),
  );
  out.push(
    `Server-side (EXPLAIN ANALYZE, timing off) of ${run.server.samples} of the ${RADIUS}-mile searches: execution p50 ${ms(run.server.execution.p50)} / p95 ${ms(run.server.execution.p95)} / p99 ${ms(run.server.execution.p99)} ms, planning p50 ${ms(run.server.planning.p50)} ms; JIT used by ${run.server.jitQueries} of ${run.server.samples}.`,
  );
  out.push(`During these searches: ${describeCpu(run.dbCpu)}.`);
  out.push('');
  out.push(`EXPLAIN (ANALYZE, BUFFERS) of a ${RADIUS}-mile search at ${EXPLAIN_AT.name} centre:`);
  out.push(run.plan.replace(/^/gm, '  '));
  out.push(
    run.planUsesIndex && !run.planSeqScan
      ? '=> The plan uses service_providers_search_idx (no Seq Scan on service_providers).'
      : `=> WARNING: the plan does NOT use service_providers_search_idx${run.planSeqScan ? ' — it has a Seq Scan on service_providers' : ''}.`,
  );
  out.push('');
  const b = run.breakdown;
  out.push(
    `Where the time of one request goes (${RADIUS} mi at ${EXPLAIN_AT.name}, ${b.rows} providers, medians):`,
  );
  out.push(
    table([
      ['Step', 'ms'],
      ['database: server execution (EXPLAIN ANALYZE)', ms(b.serverExecutionMs, 3)],
      ['database: same SQL through the bare driver client', ms(b.rawDriverMs, 3)],
      ['drizzle: build the SQL and its values (searchQuery)', ms(b.buildSqlMs, 3)],
      ['database: searchProviders (query + toProvider)', ms(b.searchProvidersMs, 3)],
      ['zod: searchAnswerItemSchema.array().parse(rows)', ms(b.zodParseMs, 3)],
      ['route serializer (zod encode + JSON.stringify)', ms(b.serializerMs, 3)],
      ['JSON.stringify(rows) alone', ms(b.stringifyMs, 3)],
      ['gzip (level 6) of the body', ms(b.gzipMs, 3)],
      ['brotli (quality 5) of the body', ms(b.brotliMs, 3)],
    ]),
  );
  out.push(
    `Body: ${int(b.jsonBytes)} B of JSON (${int(b.gzipBytes)} B gzip, ${int(b.brotliBytes)} B brotli q5).`,
  );
  if (run.http) {
    out.push('');
    out.push(
      `HTTP GET /api/providers?latitude=…&longitude=…&radius=${RADIUS} (autocannon, milliseconds):`,
    );
    const h = (name: string, r: LoadResult) => [
      name,
      ms(r.requestsPerSecond, 1),
      int(r.requests),
      ms(r.latency.p2_5, 0),
      ms(r.latency.p50, 0),
      ms(r.latency.p97_5, 0),
      ms(r.latency.p99, 0),
      ms(r.latency.max, 0),
      ms(r.latency.mean, 1),
      int(r.non2xx),
      int(r.errors),
      int(r.timeouts),
      int(r.bytesPerRequest),
    ];
    out.push(
      table([
        [
          'Run',
          'req/s',
          'requests',
          'p2.5',
          'p50',
          'p97.5',
          'p99',
          'max',
          'mean',
          'non-2xx',
          'errors',
          'timeouts',
          'B/resp',
        ],
        h(`cache off: ${CONNECTIONS} connections, ${HTTP_SECONDS} s`, run.http.loaded),
        h('cache off: 1 connection, 5 s', run.http.single),
        h(`cache off: ${CONNECTIONS} conn., random points only`, run.http.randomOnly),
        h(`cache off: ${CONNECTIONS} conn., Accept-Encoding br`, run.http.compressed),
        h(`cache on: ${CONNECTIONS} connections, ${HTTP_SECONDS} s`, run.http.cached.loaded),
        h(`cache on: ${CONNECTIONS} conn., unseen random points`, run.http.cached.randomOnly),
      ]),
    );
    const { loaded, randomOnly, bare } = run.http;
    out.push(
      `Little's law: ${CONNECTIONS} connections / ${ms(loaded.requestsPerSecond, 0)} req/s = ${ms((CONNECTIONS / loaded.requestsPerSecond) * 1000, 0)} ms mean latency; p99 ≤ 100 ms at ${CONNECTIONS} connections needs well over ${int(CONNECTIONS / 0.1)} req/s.`,
    );
    out.push(
      `During the ${CONNECTIONS}-connection run (cache off): ${describeCpu(run.http.loadedCpu)} (autocannon runs in a child process); this process's CPU per answer ${ms(cpuPerRequest(run.http.loadedCpu, loaded), 2)} ms.`,
    );
    const { inject } = run.http;
    const cachedInject = run.http.cached.inject;
    out.push(
      `One request at a time through app.inject (${RADIUS} mi at ${EXPLAIN_AT.name}, ${int(inject.bytes)} B): cache off median ${ms(inject.wallMs)} ms wall, ${ms(inject.cpuMs)} ms of this process's CPU per request; cache on ${ms(cachedInject.wallMs)} ms wall, ${ms(cachedInject.cpuMs)} ms CPU${run.kind === 'pglite' ? ' (PGlite runs in this process, so that includes the database)' : ' (the database runs in PostgreSQL, so that is Node: driver, drizzle, Fastify, serializer)'}.`,
    );
    if (bare)
      out.push(
        `pg alone, the random points' SQL by ${CONNECTIONS} clients: ${int(bare.queriesPerSecond)} queries/s, p50 ${ms(bare.p50)} ms, p99 ${ms(bare.p99)} ms; ${describeCpu(bare.cpu)}.`,
      );
    out.push('');
    out.push('Ratios measured in this run (absolute figures above):');
    const ratioRows = [['Ratio', 'Value', 'Of']];
    const loadedCpuMs = cpuPerRequest(run.http.loadedCpu, loaded);
    const execution = run.server.execution.p50;
    if (run.kind === 'postgres') {
      ratioRows.push([
        `Node CPU per answer at ${CONNECTIONS} connections (cache off) ÷ database execution p50 of the ${RADIUS}-mile searches`,
        (loadedCpuMs / execution).toFixed(2),
        `${ms(loadedCpuMs, 2)} ms ÷ ${ms(execution, 2)} ms`,
      ]);
      ratioRows.push([
        `Node CPU per answer one at a time through app.inject (cache off) ÷ that query's execution (${EXPLAIN_AT.name})`,
        (inject.cpuMs / b.serverExecutionMs).toFixed(2),
        `${ms(inject.cpuMs, 2)} ms ÷ ${ms(b.serverExecutionMs, 2)} ms`,
      ]);
      ratioRows.push([
        `The same with the cache on (a repeated query: answered from the cache)`,
        (cachedInject.cpuMs / b.serverExecutionMs).toFixed(2),
        `${ms(cachedInject.cpuMs, 2)} ms ÷ ${ms(b.serverExecutionMs, 2)} ms`,
      ]);
    }
    if (bare)
      ratioRows.push([
        `HTTP req/s ÷ pg alone queries/s (random points, ${CONNECTIONS} each, cache off)`,
        (randomOnly.requestsPerSecond / bare.queriesPerSecond).toFixed(2),
        `${int(randomOnly.requestsPerSecond)} ÷ ${int(bare.queriesPerSecond)}`,
      ]);
    ratioRows.push([
      'HTTP req/s cache on (unseen random points) ÷ cache off (random points)',
      (run.http.cached.randomOnly.requestsPerSecond / randomOnly.requestsPerSecond).toFixed(2),
      `${int(run.http.cached.randomOnly.requestsPerSecond)} ÷ ${int(randomOnly.requestsPerSecond)}`,
    ]);
    out.push(table(ratioRows));
  }
  console.log(out.join('\n'));
}
