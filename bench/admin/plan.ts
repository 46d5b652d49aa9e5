/** The dashboard statement as drizzle builds it, its EXPLAIN plan and the time of each of its figures. */
import { type SQL } from 'drizzle-orm';
import { type PgDialect } from 'drizzle-orm/pg-core';
import { type Database, type Executor } from '../../src/server/db/client.ts';
import { dashboard } from '../../src/server/modules/admin/admin.repository.ts';

/**
 * The dashboard's one statement as drizzle builds it: `dashboard()` runs against an executor that
 * only records what it is given (and answers no rows), then the database's own dialect renders it.
 */
export async function dashboardQuery(
  db: Database,
  now: Date,
): Promise<{ sql: string; params: unknown[] }> {
  let captured: SQL | undefined;
  const recorder = {
    execute: (query: SQL) => {
      captured = query;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Executor;
  await dashboard(recorder, now);
  if (!captured) throw new Error('dashboard() ran no statement');
  const { dialect } = db as unknown as { dialect: PgDialect };
  return dialect.sqlToQuery(captured);
}

interface PlanNode {
  'Node Type': string;
  'Total Cost': number;
  'Subplan Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export interface Part {
  name: string;
  ms: number;
  scans: string;
}

const scanOf = (node: PlanNode): string[] => {
  const own =
    node['Relation Name'] !== undefined
      ? [
          `${node['Node Type']} on ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`,
        ]
      : node['Index Name'] !== undefined
        ? [`${node['Node Type']} (${node['Index Name']})`]
        : [];
  return [...own, ...(node.Plans ?? []).flatMap(scanOf)];
};

/** Time of each figure of the statement: its InitPlan's total (EXPLAIN ANALYZE, FORMAT JSON). */
export async function parts(
  db: Database,
  query: { sql: string; params: unknown[] },
): Promise<Part[]> {
  const json = await explainJson(db, query, true);
  const top = json.Plan;
  const keys = [...query.sql.matchAll(/'(\w+)',\s*\(select/g)].map((m) => m[1] ?? '?');
  const initPlans = (top.Plans ?? []).filter((p) => p['Subplan Name']?.startsWith('InitPlan'));
  return initPlans.map((node, i) => ({
    name: initPlans.length === keys.length ? (keys[i] ?? '?') : (node['Subplan Name'] ?? '?'),
    ms: node['Actual Total Time'] * node['Actual Loops'],
    scans: [...new Set(scanOf(node))].join(', '),
  }));
}

/** The pg Pool under drizzle. */
const driver = (db: Database) =>
  (
    db as unknown as {
      $client: {
        query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      };
    }
  ).$client;

interface ExplainJson {
  Plan: PlanNode;
  'Execution Time': number;
  'Planning Time': number;
  JIT?: unknown;
}

export async function explainJson(
  db: Database,
  query: { sql: string; params: unknown[] },
  timing: boolean,
): Promise<ExplainJson> {
  const result = await driver(db).query(
    `explain (analyze, timing ${timing ? 'on' : 'off'}, format json) ${query.sql}`,
    query.params,
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ExplainJson[];
  return doc[0]!;
}
