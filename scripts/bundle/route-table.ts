import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { demoAccounts } from '../../src/core/demo-accounts.ts';

export type DemoRole = keyof typeof demoAccounts;

export interface Route {
  path: string;
  /** The page's module, from the repository's root. */
  module: string;
  /** The demo account that may open it; null when it needs no session. */
  role: DemoRole | null;
}

const ROUTE_TABLE = 'src/web/app/router.tsx';

/** Who opens a route, from its `auth`: any account (the driver), or the first role it lists. */
function roleOf(auth: string | undefined): DemoRole | null {
  if (!auth) return null;
  if (auth === 'true') return 'driver';
  const first = /'(\w+)'/.exec(auth)?.[1];
  if (first === 'admin' || first === 'mechanic' || first === 'driver') return first;
  throw new Error(`${ROUTE_TABLE}: no demo account for auth: ${auth}`);
}

/** Each route of the route table: its path, its page's module and who may open it. */
export function readRouteTable(root: string): Route[] {
  const code = readFileSync(path.join(root, ROUTE_TABLE), 'utf8');
  const loaders = new Map(
    [...code.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map(([, name, module]) => [
      name!,
      module!,
    ]),
  );
  const found = [
    ...code.matchAll(
      /path: '([^']+)',\s*load: (?:\(\) => import\('([^']+)'\)|(\w+)),?(?:\s*auth: (true|\[[^\]]*\]))?/g,
    ),
  ].map(([, route, module, loader, auth]) => ({
    path: route!,
    module: path.join('src/web/app', module ?? loaders.get(loader!) ?? ''),
    role: roleOf(auth),
  }));
  const paths = [...code.matchAll(/\bpath: '/g)].length;
  if (found.length !== paths || found.some((route) => !route.module.endsWith('.tsx')))
    throw new Error(`${ROUTE_TABLE}: read ${found.length} of ${paths} routes`);
  return found;
}
