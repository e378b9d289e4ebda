import type { OpsCommand } from '../command';
import { accountCommands } from './accounts';

/** Every operator command, in the order `help` lists them. */
export const COMMANDS: OpsCommand[] = [...accountCommands];
