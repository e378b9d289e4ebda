import { benchApiUrl, benchSiteUrl, benchWebSecret } from './api-server';
import { PORTS } from './ports';
import { runToCompletion, startServer, type RunningServer } from './servers';

/** Builds the web for the bench api's address when the existing build is missing, stale or made for another one. */
export async function buildBenchWeb(): Promise<void> {
  await runToCompletion('web build', process.execPath, ['scripts/build-web.mjs', '--if-stale'], {
    API_URL: benchApiUrl,
    SITE_URL: benchSiteUrl,
  });
}

/** The built web as `npm start` serves it (its door, Next behind it), talking to the bench api. */
export function startBenchWeb(readyPath = '/en'): Promise<RunningServer> {
  return startServer({
    name: 'web',
    command: 'npm',
    args: ['run', 'start', '-w', '@playhouse/web'],
    env: { WEB_PORT: String(PORTS.web), API_URL: benchApiUrl, SITE_URL: benchSiteUrl, WEB_SECRET: benchWebSecret },
    readyUrl: `${benchSiteUrl}${readyPath}`,
  });
}
