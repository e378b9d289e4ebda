import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

const children = new Set();

/**
 * Runs a command with inherited stdio and resolves with its exit code (128 + signal number when a signal ended it).
 * Children stay in our process group so that a Ctrl-C in the terminal reaches them; `forwardSignal` covers the
 * signals sent to this process alone (kill, CI cancellation). `nice` above 0 runs the command (and so everything it
 * starts) at that niceness.
 */
export function run(command, args, { cwd = repoRoot, env = process.env, quiet = false, nice = 0 } = {}) {
  return new Promise((resolve) => {
    const [file, fileArgs] = nice > 0 ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
    const child = spawn(file, fileArgs, { cwd, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    children.add(child);
    child.on('error', (error) => {
      children.delete(child);
      resolve({ code: 127, output: `${output}${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? 128 + signalNumber(signal), output });
    });
  });
}

/**
 * Passes a stop request on to the running children as SIGINT, whatever signal we got: Playwright tears its web
 * servers down only on SIGINT (on SIGTERM it leaves them running), and the other tools treat both alike.
 */
export function forwardSignal() {
  for (const child of children) child.kill('SIGINT');
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1;
}

export function formatDuration(ms) {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}
