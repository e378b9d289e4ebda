import { runOps } from './run-ops';

// `npm run ops -- <command> ...`: the operator's command line (see `help`).
const code = await runOps(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
process.exitCode = code;
