import type { Db } from '@playhouse/db';
import type { Config } from '../config';
import type { StaffApi } from './staff-api';

/** Where a command does its work: through the running api as a staff user, or on the database itself. */
export type OpsTarget = { mode: 'api'; api: StaffApi } | { mode: 'direct'; db: Db; config: Config };

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
  /** Returns what to print. */
  run: (input: CommandInput, target: OpsTarget) => Promise<string>;
}

/** A mistake in how the command was called: help for the command is printed with it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function requiredCount(command: OpsCommand): number {
  return (command.args.match(/<[^>]+>/g) ?? []).length;
}

export function maxCount(command: OpsCommand): number {
  return requiredCount(command) + (command.args.match(/\[[^\]]+\]/g) ?? []).length;
}

export function usageLine(command: OpsCommand): string {
  const options = Object.entries(command.options ?? {}).map(([name, spec]) =>
    spec.type === 'boolean' ? `[--${name}]` : `[--${name} <value>]`,
  );
  return ['npm run ops --', command.name, command.args, ...options].filter(Boolean).join(' ');
}

export function stringOption(input: CommandInput, name: string): string | undefined {
  const value = input.options[name];
  return typeof value === 'string' ? value : undefined;
}
