/**
 * The HTTP load generator, run in a child process (forked by bench/search.ts) so autocannon does
 * not share an event loop with the server it measures. It receives one LoadRequest over IPC and
 * answers with one LoadResult.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  paths: string[];
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latency: { p2_5: number; p50: number; p97_5: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerRequest: number;
  durationSeconds: number;
}

export async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const { paths } = request;
  let next = Math.floor(Math.random() * paths.length);
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    duration: request.durationSeconds,
    headers: request.headers ?? {},
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          next = (next + 1) % paths.length;
          return { ...req, path: paths[next]! };
        },
      },
    ],
  });
  const { latency } = result;
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    latency: {
      p2_5: latency.p2_5,
      p50: latency.p50,
      p97_5: latency.p97_5,
      p99: latency.p99,
      max: latency.max,
      mean: latency.mean,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
    durationSeconds: result.duration,
  };
}

if (process.send) {
  process.once('message', (message: LoadRequest) => {
    runLoad(message).then(
      (result) => process.send!({ ok: true, result }, () => process.exit(0)),
      (error: unknown) => process.send!({ ok: false, error: String(error) }, () => process.exit(1)),
    );
  });
}
