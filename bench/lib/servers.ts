import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const benchDir = path.join(repoRoot, 'bench');

export interface ServerSpec {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Polled until it answers 2xx. */
  readyUrl: string;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  name: string;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills every server still running (the harness calls it on exit and on Ctrl-C). */
export function killAll(): void {
  for (const child of running) killGroup(child, 'SIGKILL');
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Negative pid: the whole group (npm → sh → node), not only the wrapper.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function waitUntilReady(spec: ServerSpec, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${spec.name} exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(spec.readyUrl);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${spec.name} was not ready at ${spec.readyUrl} in time:\n${output()}`);
}

/** Starts a server in its own process group and resolves once its ready URL answers. */
export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  // A server gets a database only when its spec names one: a run under scripts/with-postgres.mjs has DATABASE_URL set
  // for the benchmark itself, and a server that inherited it would use that server's default database instead of the
  // fresh one its benchmark prepared (the login benchmark then answered 401: its user was not there).
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL']) delete inherited[name];
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd ?? repoRoot,
    env: { ...inherited, NEXT_TELEMETRY_DISABLED: '1', ...spec.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));

  try {
    await waitUntilReady(spec, child, () => log);
  } catch (error) {
    killGroup(child, 'SIGKILL');
    throw error;
  }
  return {
    name: spec.name,
    stop: async () => {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion (a build), failing with its output when it fails. */
export function runToCompletion(
  name: string,
  command: string,
  args: string[],
  options: ServerSpec['env'] = {},
  cwd = repoRoot,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...options },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}):\n${log}`)),
    );
  });
}
