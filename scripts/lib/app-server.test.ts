import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand } from './app-server.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const checkoutWith = (serve: string) => {
  const root = mkdtempSync(path.join(tmpdir(), 'tf-serve-'));
  roots.push(root);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ scripts: { serve } }));
  return root;
};

describe('serveCommand', () => {
  it("reads the environment and the Node flags of this checkout's `npm run serve`", () => {
    const { env, flags } = serveCommand();
    expect(flags).toContain('--max-semi-space-size=2');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
  });

  it('reads a serve script with several variables and flags, or with none', () => {
    expect(serveCommand(checkoutWith('A_B=1 C=x=y node --x=1 --y dist/server/main.js'))).toEqual({
      env: { A_B: '1', C: 'x=y' },
      flags: ['--x=1', '--y'],
    });
    expect(serveCommand(checkoutWith('node dist/server/main.js'))).toEqual({ env: {}, flags: [] });
  });

  it('refuses a serve script it cannot read, rather than run the server without its settings', () => {
    expect(() => serveCommand(checkoutWith('cross-env A=1 node dist/server/main.js'))).toThrow(
      "package.json's serve script is not",
    );
  });
});
