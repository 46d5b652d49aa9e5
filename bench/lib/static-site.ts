import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Builds the page in `root` with Vite (React plugin, production) into `outDir` and serves it on
 * 127.0.0.1:`port`, brotli-compressed like the app's own answers.
 */
export async function serveBuiltPage(root: string, outDir: string, port: number): Promise<Server> {
  await build({
    root,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(outDir)) return void response.writeHead(404).end();
    readFile(file).then(
      (body) => {
        const brotli = /\bbr\b/.test(String(request.headers['accept-encoding']));
        response.writeHead(200, {
          'content-type': types[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
          ...(brotli ? { 'content-encoding': 'br' } : {}),
        });
        response.end(
          brotli
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
            : body,
        );
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
