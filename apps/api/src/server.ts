import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { buildMetricsServer } from './plugins/app/metrics';

/** How long in-flight requests get to finish after a shutdown signal before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  const metrics = config.metrics.port === undefined ? null : await buildMetricsServer();

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stops accepting connections, waits for in-flight requests, then closes the database (its onClose hook).
    await app.close();
    await metrics?.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (metrics) {
    await metrics.listen({ port: config.metrics.port, host: config.metrics.host });
    app.log.info({ port: config.metrics.port, host: config.metrics.host }, 'metrics listening');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The api failed to start:', error);
  process.exit(1);
});
