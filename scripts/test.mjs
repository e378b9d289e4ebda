#!/usr/bin/env node
// `npm test`: every check. Each step runs even when an earlier one failed (except the e2e suite, which needs the web
// build), so one run shows everything that is broken. Steps start as soon as what they wait for has ended, rather than
// stage by stage: the e2e suite starts once the web build passed and runs beside the rest (on a 2-core machine its
// browsers, servers and sign-in waits leave CPU the single-threaded checks and the Vitest legs can use). Those others
// run niced, so the e2e suite, the longest step, is never the one starved (its timings stay as when it ran alone).
// Output of steps running beside others is printed whole as each ends. `npm test -- unit api` runs only the named
// steps.
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

// `after`: the steps that must have ended (whatever their result) before this one starts; `needs`: the step that must
// have passed, else this one is skipped. Steps that wait for nothing start at once. The CPU-bound checks form one
// lane (the typecheck with the lint and the format check, then the unit tests, then the two api legs), so they never
// crowd each other out.
const steps = [
  {
    // `npm run typecheck` and ESLint in one pass (the lint reuses the typecheck's programs): `npm run check`.
    id: 'check',
    title: 'typecheck + lint',
    niced: true,
    run: (options) => run('node', ['scripts/check.mjs'], options),
  },
  {
    id: 'format',
    title: 'format check (Prettier)',
    niced: true,
    run: (options) => run(bin('prettier'), ['--check', '.'], options),
  },
  {
    id: 'build',
    title: 'web build (next build)',
    run: (options) => run('node', ['scripts/build-web.mjs'], { ...options, env: e2eEnv }),
  },
  {
    id: 'unit',
    title: 'unit tests',
    after: ['check', 'format'],
    niced: true,
    run: (options) => run(bin('vitest'), ['run', '--project', 'unit*'], options),
  },
  {
    id: 'api',
    title: 'api tests on PGlite',
    after: ['unit'],
    niced: true,
    run: (options) =>
      run(bin('vitest'), ['run', '--project', 'api', '--project', 'api-isolated'], { ...options, env: pgliteEnv }),
  },
  {
    id: 'api-postgres',
    title: 'api tests on PostgreSQL',
    after: ['api'],
    niced: true,
    system: ['postgres'],
    run: postgresLeg,
  },
  {
    id: 'e2e',
    title: 'e2e (Playwright, Chromium)',
    needs: 'build',
    system: ['chromium'],
    run: (options) => run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { ...options, env: e2eEnv }),
  },
];

async function postgresLeg(options) {
  const binDir = findPostgresBinaries();
  if (!binDir) return { code: 1, output: 'PostgreSQL leg: no server binaries found\n' };
  let server;
  try {
    server = await startTemporaryPostgres({ binDir, nice: options.nice });
  } catch (error) {
    return { code: 1, output: `PostgreSQL leg: could not start a server: ${error.message}\n` };
  }
  const started = `PostgreSQL leg: ${server.version} on 127.0.0.1:${server.port}\n`;
  if (!options.quiet) process.stdout.write(started);
  try {
    const outcome = await run(
      bin('vitest'),
      ['run', '--project', 'api', '--project', 'api-isolated', '--project', 'api-postgres'],
      {
        ...options,
        env: { ...process.env, TEST_DATABASE_URL: server.url },
      },
    );
    return { ...outcome, output: `${options.quiet ? started : ''}${outcome.output}` };
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
// Beside another step, a step's own niceness: the CPU-bound checks yield to the web build and the e2e suite.
const NICENESS = 5;

async function runStep(step, alone) {
  const dependency = step.needs && results.find((result) => result.id === step.needs);
  if (dependency && dependency.status !== 'passed') {
    results.push({ ...step, status: 'skipped', note: `${dependency.title} did not pass`, ms: 0, at: 0 });
    return;
  }
  if (interrupted) {
    results.push({ ...step, status: 'skipped', note: 'interrupted', ms: 0, at: 0 });
    return;
  }
  if (alone) console.log(`\n━━ ${step.title} ━━`);
  else console.log(`▸ ${formatDuration(Date.now() - started).padStart(7)}  ${step.title} started`);
  const stepStarted = Date.now();
  // A step running beside others keeps its output until it ends, so the log reads one step at a time.
  const outcome = await step.run({ quiet: !alone, nice: !alone && step.niced ? NICENESS : 0 });
  const ms = Date.now() - stepStarted;
  if (!alone) process.stdout.write(`\n━━ ${step.title} ━━\n${outcome.output}\n`);
  const status = outcome.code === 0 ? 'passed' : 'failed';
  results.push({
    ...step,
    status,
    note: `exit ${outcome.code}`,
    ms,
    at: stepStarted - started,
    output: outcome.output,
  });
}

// A failed step's own account of what failed, repeated just above the summary: a log read from its end (as CI's is)
// then names the failing tests, not only the step. Vitest and Playwright both open that account with a marker line.
const DIGEST_LINES = 80;
function failureDigest(output = '') {
  // eslint-disable-next-line no-control-regex -- the colour codes are control characters
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const marker = lines.findIndex((line) => /Failed Tests|Unhandled Errors?|^\s*\d+ failed$/.test(line));
  const from = marker >= 0 ? marker : Math.max(0, lines.length - DIGEST_LINES);
  return lines.slice(from, from + DIGEST_LINES).join('\n');
}

// Each step starts once every step it waits for (among the chosen ones) has ended.
const ended = new Set();
const running = new Map();
const waitsFor = (step) => [...(step.after ?? []), ...(step.needs ? [step.needs] : [])];
const ready = (step) => waitsFor(step).every((id) => ended.has(id) || !chosen.some((other) => other.id === id));
const alone = chosen.length === 1;
let pending = [...chosen];
while (pending.length > 0 || running.size > 0) {
  for (const step of pending.filter(ready)) {
    running.set(
      step.id,
      runStep(step, alone).then(() => step.id),
    );
  }
  pending = pending.filter((step) => !running.has(step.id));
  const done = await Promise.race(running.values());
  running.delete(done);
  ended.add(done);
}
// The summary lists the steps in their own order, whichever ended first.
const order = (result) => steps.findIndex((step) => step.id === result.id);
results.sort((a, b) => order(a) - order(b));

const count = (status) => results.filter((result) => result.status === status).length;
for (const result of results.filter((each) => each.status === 'failed' && each.output)) {
  console.log(`\n━━ what failed in ${result.title} ━━\n${failureDigest(result.output)}`);
}
console.log('\n━━ summary ━━ (status, started at, took)');
for (const result of results) {
  const note = result.status === 'passed' ? '' : ` (${result.note})`;
  const span = `${formatDuration(result.at).padStart(7)} +${formatDuration(result.ms).padEnd(7)}`;
  console.log(`${result.status.padEnd(7)} ${span}  ${result.title}${note}`);
}
console.log(`total ${formatDuration(Date.now() - started)}${interrupted ? ', interrupted' : ''}`);
const skipped = count('skipped');
console.log(`${count('passed')} passed, ${count('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(count('failed') > 0 || interrupted ? 1 : 0);
