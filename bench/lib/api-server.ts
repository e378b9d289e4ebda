import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PORTS } from './ports';
import { startServer, type RunningServer } from './servers';

export const benchApiUrl = `http://127.0.0.1:${PORTS.api}`;
export const benchSiteUrl = `http://localhost:${PORTS.web}`;
/** Shared by the bench api and web, as `npm start` shares one: the api knows the web's own calls by it. */
export const benchWebSecret = 'bench-web-secret-0123456789abcdefghijklmnop';

/**
 * The real api (`npm start -w @playhouse/api`) on a fresh, seeded embedded database. Request logging is off
 * (LOG_LEVEL=warn, or BENCH_API_LOG_LEVEL) and the per-IP rate limit raised: one load generator on loopback is one "visitor" sending
 * thousands of requests a second, which production would rightly refuse.
 */
export async function startBenchApi(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-'));
  const server = await startServer({
    name: 'api',
    command: 'npm',
    args: ['run', 'start', '-w', '@playhouse/api'],
    env: {
      API_PORT: String(PORTS.api),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SITE_URL: benchSiteUrl,
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'warn',
      WEB_SECRET: benchWebSecret,
      RATE_LIMIT_MAX: '1000000000',
      WALLET_CALLS_PER_MIN: '1000000000',
    },
    readyUrl: `${benchApiUrl}/spa/health`,
  });
  return {
    name: server.name,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
