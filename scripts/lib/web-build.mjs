import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './process.mjs';

export const webDir = path.join(repoRoot, 'apps/web');
const stampFile = path.join(webDir, '.next', 'playhouse-build.json');

/** What a build depends on besides its sources: next.config's rewrites of /spa are fixed at build time. */
export function buildInputs(env = process.env) {
  return {
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.API_PORT ?? 4000}`,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.WEB_PORT ?? 3000}`,
  };
}

const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/next.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
];

function newestModification(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

/** Why the web must be (re)built for these inputs, or null when the existing build is current. */
export function staleReason(inputs) {
  if (!fs.existsSync(path.join(webDir, '.next', 'BUILD_ID'))) return 'no build yet';
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return 'the build was not made by this script';
  }
  if (stamp.apiUrl !== inputs.apiUrl) return `built for API_URL ${stamp.apiUrl}, now ${inputs.apiUrl}`;
  if (stamp.siteUrl !== inputs.siteUrl) return `built for SITE_URL ${stamp.siteUrl}, now ${inputs.siteUrl}`;
  const builtAt = fs.statSync(stampFile).mtimeMs;
  const changed = SOURCES.find((source) => newestModification(path.join(repoRoot, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

export function buildEnv(inputs, env = process.env) {
  return { ...env, API_URL: inputs.apiUrl, SITE_URL: inputs.siteUrl, NEXT_TELEMETRY_DISABLED: '1' };
}

export function writeStamp(inputs) {
  fs.writeFileSync(stampFile, `${JSON.stringify({ ...inputs, builtAt: new Date().toISOString() }, null, 2)}\n`);
}
