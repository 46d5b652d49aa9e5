import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The rules that fire on a fixture when it stands at `asFile` in the tree. */
async function rulesFired(fixture: string, asFile: string) {
  const code = readFileSync(new URL(`fixtures/${fixture}`, import.meta.url), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${asFile}` });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the linter keeps the layers', () => {
  it('fails a route that imports a repository', async () => {
    const fired = await rulesFired(
      'route-imports-repository.ts',
      'src/server/modules/example/example.routes.ts',
    );
    expect(fired).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Routes call services, never repositories/),
    ]);
  });

  it('fails drizzle-orm outside repositories, db/ and events/, and allows it in a repository', async () => {
    expect(
      await rulesFired('drizzle-in-service.ts', 'src/server/modules/example/example.service.ts'),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only repositories/)]);
    expect(
      await rulesFired('drizzle-in-service.ts', 'src/server/routes-example/example.routes.ts'),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only repositories/)]);
    for (const allowed of [
      'src/server/modules/example/example.repository.ts',
      'src/server/db/example.ts',
      'src/server/events/example.ts',
    ])
      expect(await rulesFired('drizzle-in-service.ts', allowed)).toEqual([]);
  });

  it("fails a web feature that imports another feature's internals, not its index.ts", async () => {
    expect(
      await rulesFired('feature-internals.ts', 'src/web/features/bookings/components/example.ts'),
    ).toEqual([
      expect.stringMatching(/^layers\/no-feature-internals: .*reaches into the providers feature/),
    ]);
    expect(
      await rulesFired('feature-public-face.ts', 'src/web/features/bookings/components/example.ts'),
    ).toEqual([]);
    // The same through the #web/ alias.
    expect(
      await rulesFired(
        'feature-internals-alias.ts',
        'src/web/features/bookings/components/example.ts',
      ),
    ).toEqual([
      expect.stringMatching(/^layers\/no-feature-internals: .*reaches into the providers feature/),
    ]);
    expect(
      await rulesFired(
        'feature-public-face-alias.ts',
        'src/web/features/bookings/components/example.ts',
      ),
    ).toEqual([]);
    // Inside its own feature, and from the app that composes features, any file may be imported.
    expect(
      await rulesFired('feature-internals.ts', 'src/web/features/providers/components/example.ts'),
    ).toEqual([]);
    expect(await rulesFired('feature-internals.ts', 'src/web/app/layout/example.ts')).toEqual([]);
  });

  it('fails product code that imports the internal pages, save the route table with import()', async () => {
    const wing = /^layers\/no-wing-imports: .*internal pages' wing/;
    for (const product of [
      'src/web/features/bookings/components/example.ts',
      'src/web/components/ui/example.tsx',
      'src/web/lib/example.ts',
      'src/web/app/layout/example.tsx',
      'src/web/app/router.tsx',
      'src/web/main.tsx',
    ])
      expect(await rulesFired('wing-import.ts', product), product).toEqual([
        expect.stringMatching(wing),
      ]);
    expect(
      await rulesFired(
        'wing-import-relative.ts',
        'src/web/features/bookings/components/example.ts',
      ),
    ).toEqual([expect.stringMatching(wing)]);
    // The route table's import() entries are the one door; the same line elsewhere is refused.
    expect(await rulesFired('wing-route-entry.ts', 'src/web/app/router.tsx')).toEqual([]);
    expect(await rulesFired('wing-route-entry.ts', 'src/web/app/providers.tsx')).toEqual([
      expect.stringMatching(wing),
    ]);
    // Inside the wing, its own code; features only through their index.ts.
    expect(await rulesFired('wing-inside.ts', 'src/web/qa/auth-test/example.ts')).toEqual([]);
    expect(await rulesFired('wing-import.ts', 'src/web/qa/auth-test/example.ts')).toEqual([]);
    expect(
      await rulesFired('wing-feature-internals.ts', 'src/web/qa/auth-test/example.ts'),
    ).toEqual([
      expect.stringMatching(/^layers\/no-feature-internals: .*reaches into the providers feature/),
    ]);
  });

  it('fails an import between features that closes a cycle, and allows it one way', async () => {
    expect(
      await rulesFired('feature-cycle.ts', 'src/web/features/help-requests/components/example.ts'),
    ).toEqual([
      expect.stringMatching(
        /^layers\/no-feature-cycles: .*closes a cycle between features \(help-requests → bookings → (.+ → )?help-requests\)/,
      ),
    ]);
    expect(
      await rulesFired('feature-cycle.ts', 'src/web/features/admin/components/example.ts'),
    ).toEqual([]);
  });

  it("fails a page of the wing that imports another page's files, save the Complete Test Suite", async () => {
    const apart = /^layers\/wing-pages-apart: .*is the payment-test page's/;
    for (const elsewhere of ['src/web/qa/auth-test/example.ts', 'src/web/qa/shared/example.ts'])
      expect(await rulesFired('wing-other-page.ts', elsewhere), elsewhere).toEqual([
        expect.stringMatching(apart),
      ]);
    expect(
      await rulesFired('wing-other-page.ts', 'src/web/qa/complete-test-suite/example.ts'),
    ).toEqual([]);
    expect(await rulesFired('wing-other-page.ts', 'src/web/qa/payment-test/example.ts')).toEqual(
      [],
    );
  });

  it("fails server code that imports a module's internals, not its index.ts", async () => {
    const internals = /^layers\/no-module-internals: .*reaches into the (providers|users) module/;
    expect(
      await rulesFired('module-internals.ts', 'src/server/modules/bookings/example.service.ts'),
    ).toEqual([expect.stringMatching(internals)]);
    expect(
      await rulesFired('module-public-face.ts', 'src/server/modules/bookings/example.service.ts'),
    ).toEqual([]);
    // Code outside the modules (app.ts, jobs, seed) is held to the same rule.
    expect(await rulesFired('app-module-internals.ts', 'src/server/app.ts')).toEqual([
      expect.stringMatching(internals),
    ]);
    expect(await rulesFired('app-module-public-face.ts', 'src/server/app.ts')).toEqual([]);
    // Inside its own module any file may be imported, and a module's tests may reach its neighbours.
    expect(
      await rulesFired('module-internals.ts', 'src/server/modules/providers/example.service.ts'),
    ).toEqual([]);
    expect(
      await rulesFired('module-internals.ts', 'src/server/modules/bookings/example.api.test.ts'),
    ).toEqual([]);
  });

  it('fails a web file that writes an API address by hand, outside the typed client', async () => {
    const address = /^layers\/api-through-client: '.*' is an API address written by hand/;
    for (const file of [
      'src/web/features/providers/api/example.ts',
      'src/web/qa/auth-test/example.ts',
      'src/web/lib/example.ts',
    ])
      expect(await rulesFired('api-address.ts', file)).toEqual(
        Array(4).fill(expect.stringMatching(address)),
      );
    // The client itself names them, and tests name the wire's addresses to stub a fetch.
    expect(await rulesFired('api-address.ts', 'src/web/api/example.ts')).toEqual([]);
    expect(
      await rulesFired('api-address.ts', 'src/web/features/providers/api/example.test.ts'),
    ).toEqual([]);
  });
});
