import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const contractFile = path.join(repoRoot, 'src/web/api/schema.d.ts');
const caller = path.join(repoRoot, 'src/web/features/providers/pages/provider-details-page.tsx');

/** The contract as it would be generated after the server renamed a field of one route's answer. */
function withRenamedField(route: string, from: string, to: string): string {
  const contract = readFileSync(contractFile, 'utf8');
  const start = contract.indexOf(`\n  '${route}': {`);
  const end = contract.indexOf("\n  '/", start + 1);
  expect(start).toBeGreaterThan(0);
  const block = contract.slice(start, end);
  expect(block).toContain(`${from}:`);
  return contract.slice(0, start) + block.replaceAll(`${from}:`, `${to}:`) + contract.slice(end);
}

let previous: ts.Program | undefined;

/** The type errors of `file` when the project is compiled with `contract` as schema.d.ts. */
function typeErrors(file: string, contract?: string): string[] {
  const config = ts.readConfigFile(path.join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    contract !== undefined && path.resolve(name) === contractFile
      ? ts.createSourceFile(name, contract, language)
      : getSourceFile(name, language, ...rest);
  // The second compile reuses the first one's unchanged files.
  const program = ts.createProgram({ rootNames: [file], options, host, oldProgram: previous });
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

it("breaks a route's callers at compile time when the server changes its answer", () => {
  expect(typeErrors(caller)).toEqual([]);
  const renamed = withRenamedField('/api/providers/{id}', 'businessName', 'tradingName');
  const errors = typeErrors(caller, renamed);
  expect(errors).toContainEqual(
    expect.stringMatching(/^Property 'businessName' does not exist on type/),
  );
  for (const error of errors) expect(error).toMatch(/businessName/);
}, 120_000);
