import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { wroteRecently } from '../../http/read-your-writes.ts';
import type { CachedAnswer, SearchArea, SearchCache } from './search-cache.ts';

/** Bodies below this size go out as they are (the compress plugin's threshold too, app.ts). */
const COMPRESS_FROM_BYTES = 1024;

/** br if the client takes it, else gzip, else none (`;q=0` refuses an encoding). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Search answers of 10–100 KB: quick levels, about 5 × smaller. */
const compress = (encoding: 'br' | 'gzip', body: string) =>
  encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body, { level: 5 });

/**
 * Sends a search answer from the cache, or computes it and keeps it. The answer is a value the
 * route's serializer writes, or JSON text the database already wrote, which goes out as it is in
 * production and through the route's serializer (zod) where answers are checked (tests,
 * development). The JSON text and each compressed body are made once per cached answer;
 * `x-cache` says which it was.
 */
export async function sendSearchAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: SearchCache,
  area: SearchArea | null,
  compute: () => Promise<{ value?: unknown; json?: string; headers?: Record<string, string> }>,
) {
  const key = `${request.routeOptions.url ?? ''}?${JSON.stringify(request.query)}`;
  // One who has just written reads the primary (http/read-your-writes.ts), not what the cache
  // may hold from a replica that had not caught up; and what they read is not kept for others.
  const own = wroteRecently(request);
  let answer: CachedAnswer | undefined = own ? undefined : await cache.fresh(key);
  void reply.header('x-cache', answer ? 'hit' : 'miss');
  if (!answer) {
    const ticket = cache.ticket();
    const { value, json, headers = {} } = await compute();
    const body =
      json !== undefined && !request.server.checksAnswers
        ? json
        : String(reply.serialize(json === undefined ? value : JSON.parse(json)));
    answer = { body, headers, encoded: {} };
    if (!own) cache.store(key, ticket, area, answer);
  }
  void reply.headers(answer.headers).header('content-type', 'application/json; charset=utf-8');
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES
      ? pickEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(answer.body);
  let body = answer.encoded[encoding];
  if (!body) {
    body = compress(encoding, answer.body);
    if (!own) cache.keepEncoded(key, encoding, body);
  }
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
}
