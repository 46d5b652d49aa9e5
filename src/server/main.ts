import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** How long in-flight requests may take to finish once the server closes. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // `npm start` passes --demo: the README's first command runs the product with demo data.
  const config = loadConfig(process.env, { demoByDefault: process.argv.includes('--demo') });
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });

  let closing = false;
  let endDrain = () => {};
  const shutdown = (signal: string) => {
    // A second signal (Ctrl-C during a drain) closes at once.
    if (closing) return endDrain();
    closing = true;
    // Ctrl-C closes at once; a SIGTERM (a rolling restart) first drains (http/draining.ts).
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainSeconds * 1000 : 0;
    app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing in-flight requests');
    app.draining.start();
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_GRACE_MS);
    force.unref();
    const drained = new Promise<void>((resolve) => {
      endDrain = resolve;
      setTimeout(resolve, drainMs);
    });
    drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

// A configuration problem (a bad variable, demo accounts on a public server) is told plainly.
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
