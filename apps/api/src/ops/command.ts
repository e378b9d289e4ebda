import type { Db } from '@playhouse/db';
import type { Config } from '../config';
import type { StaffApi } from './staff-api';

/**
 * Where a command does its work: always the api's staff routes, signed in as a staff member with a second factor,
 * so permissions, four eyes and the audit apply to scripts as to the back office. `api`: the running api at
 * API_URL; `in-process`: the same app built in this process on the database, when no api runs.
 */
export interface OpsTarget {
  mode: 'api' | 'in-process';
  api: StaffApi;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
}

export interface CommandInput {
  positionals: string[];
  options: Record<string, string | boolean | undefined>;
}

/**
 * One operator command. Adding a command is adding one of these to the table in commands/index.ts: `help`, the
 * argument parsing and the choice between api and database come for free.
 */
export interface OpsCommand {
  name: string;
  /** Positional arguments as help shows them: "<email> <password>"; each <name> is required, [name] optional. */
  args: string;
  summary: string;
  options?: Record<string, OptionSpec>;
  /** The sign-in may set up the second factor (the command then prints the new secret). */
  setsUpTotp?: true;
  /** The command ends the session: the next one signs in anew. */
  endsSession?: true;
  /** Returns what to print. */
  run: (input: CommandInput, target: OpsTarget) => Promise<string>;
}

/**
 * A command that works on the database itself, without signing in: only what a site needs before it has any staff
 * (the first admin). Whoever can open the database is the operator.
 */
export interface DatabaseCommand {
  name: string;
  args: string;
  summary: string;
  options?: Record<string, OptionSpec>;
  database: true;
  run: (input: CommandInput, target: { db: Db; config: Config }) => Promise<string>;
}

export type AnyCommand = OpsCommand | DatabaseCommand;

/** A mistake in how the command was called: help for the command is printed with it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function requiredCount(command: AnyCommand): number {
  return (command.args.match(/<[^>]+>/g) ?? []).length;
}

export function maxCount(command: AnyCommand): number {
  return requiredCount(command) + (command.args.match(/\[[^\]]+\]/g) ?? []).length;
}

export function usageLine(command: AnyCommand): string {
  const options = Object.entries(command.options ?? {}).map(([name, spec]) =>
    spec.type === 'boolean' ? `[--${name}]` : `[--${name} <value>]`,
  );
  return ['npm run ops --', command.name, command.args, ...options].filter(Boolean).join(' ');
}

export function stringOption(input: CommandInput, name: string): string | undefined {
  const value = input.options[name];
  return typeof value === 'string' ? value : undefined;
}
