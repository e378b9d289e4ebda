#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Each step runs even when an earlier one failed (except
// the e2e suite, which needs the web build), so one run shows everything that is broken. Steps of one stage run at the
// same time (single-threaded checks beside the web build, on a 2-core machine); their output is printed whole as each
// ends. `npm test -- unit api` runs only the named steps.
import { bin, formatDuration, forwardSignal, run } from './lib/process.mjs';
import { findPostgresBinaries, startTemporaryPostgres } from './lib/postgres.mjs';
import { ensureSystemNeeds } from './lib/prerequisites.mjs';

const e2eWebPort = process.env.E2E_WEB_PORT ?? '3102';
const e2eApiPort = process.env.E2E_API_PORT ?? '4102';
const e2eEnv = {
  ...process.env,
  E2E_WEB_PORT: e2eWebPort,
  E2E_API_PORT: e2eApiPort,
  API_URL: `http://127.0.0.1:${e2eApiPort}`,
  SITE_URL: `http://localhost:${e2eWebPort}`,
};
// The PGlite leg must not pick up a server URL from the caller's environment.
const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;

const steps = [
  { id: 'typecheck', stage: 1, title: 'typecheck', run: (options) => run('npm', ['run', 'typecheck'], options) },
  { id: 'lint', stage: 1, title: 'lint + format check', run: (options) => run('npm', ['run', 'lint'], options) },
  {
    id: 'build',
    stage: 1,
    title: 'web build (next build)',
    run: (options) => run('node', ['scripts/build-web.mjs'], { ...options, env: e2eEnv }),
  },
  {
    id: 'unit',
    stage: 2,
    title: 'unit tests',
    run: (options) => run(bin('vitest'), ['run', '--project', 'unit*'], options),
  },
  {
    id: 'api',
    stage: 3,
    title: 'api tests on PGlite',
    run: (options) => run(bin('vitest'), ['run', '--project', 'api'], { ...options, env: pgliteEnv }),
  },
  { id: 'api-postgres', stage: 4, title: 'api tests on PostgreSQL', system: ['postgres'], run: postgresLeg },
  {
    id: 'e2e',
    stage: 5,
    title: 'e2e (Playwright, Chromium)',
    needs: 'build',
    system: ['chromium'],
    run: (options) => run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { ...options, env: e2eEnv }),
  },
];

async function postgresLeg(options) {
  const binDir = findPostgresBinaries();
  if (!binDir) return { code: 1 };
  let server;
  try {
    server = await startTemporaryPostgres({ binDir });
  } catch (error) {
    console.log(`PostgreSQL leg: could not start a server: ${error.message}`);
    return { code: 1 };
  }
  console.log(`PostgreSQL leg: ${server.version} on 127.0.0.1:${server.port}`);
  try {
    return await run(bin('vitest'), ['run', '--project', 'api', '--project', 'api-postgres'], {
      ...options,
      env: { ...process.env, TEST_DATABASE_URL: server.url },
    });
  } finally {
    await server.stop();
  }
}

const only = process.argv.slice(2);
const unknown = only.filter((id) => !steps.some((step) => step.id === id));
if (unknown.length > 0) {
  console.error(`unknown step(s): ${unknown.join(', ')}; steps: ${steps.map((step) => step.id).join(', ')}`);
  process.exit(2);
}

// What the machine must have for the chosen steps (a browser, a PostgreSQL server) is installed or asked for first.
const chosen = steps.filter((step) => only.length === 0 || only.includes(step.id));
if (!(await ensureSystemNeeds(chosen.flatMap((step) => step.system ?? [])))) process.exit(1);

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    forwardSignal();
  });
}

const results = [];
const started = Date.now();

async function runStep(step, alone) {
  const dependency = step.needs && results.find((result) => result.id === step.needs);
  if (dependency && dependency.status !== 'passed') {
    results.push({ ...step, status: 'skipped', note: `${dependency.title} did not pass`, ms: 0 });
    return;
  }
  if (alone) console.log(`\n━━ ${step.title} ━━`);
  const stepStarted = Date.now();
  // A step running beside others keeps its output until it ends, so the log reads one step at a time.
  const outcome = await step.run({ quiet: !alone });
  const ms = Date.now() - stepStarted;
  if (!alone) process.stdout.write(`\n━━ ${step.title} ━━\n${outcome.output}`);
  results.push({ ...step, status: outcome.code === 0 ? 'passed' : 'failed', note: `exit ${outcome.code}`, ms });
}

for (const stage of [...new Set(chosen.map((step) => step.stage))].sort((a, b) => a - b)) {
  if (interrupted) break;
  const together = chosen.filter((step) => step.stage === stage);
  await Promise.all(together.map((step) => runStep(step, together.length === 1)));
}
// The summary lists the steps in their own order, whichever ended first.
const order = (result) => steps.findIndex((step) => step.id === result.id);
results.sort((a, b) => order(a) - order(b));

const count = (status) => results.filter((result) => result.status === status).length;
console.log('\n━━ summary ━━');
for (const result of results) {
  const note = result.status === 'passed' ? '' : ` (${result.note})`;
  console.log(`${result.status.padEnd(7)} ${formatDuration(result.ms).padStart(7)}  ${result.title}${note}`);
}
console.log(`total ${formatDuration(Date.now() - started)}${interrupted ? ', interrupted' : ''}`);
const skipped = count('skipped');
console.log(`${count('passed')} passed, ${count('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(count('failed') > 0 || interrupted ? 1 : 0);
