import type { AnyCommand } from '../command';
import { accountCommands } from './accounts';
import { bonusCommands } from './bonuses';
import { cashboxCommands } from './cashbox';
import { contentCommands } from './content';
import { protectionCommands } from './protection';
import { reconciliationCommands } from './reconciliation';

/** Every operator command, in the order `help` lists them. */
export const COMMANDS: AnyCommand[] = [
  ...accountCommands,
  ...cashboxCommands,
  ...bonusCommands,
  ...protectionCommands,
  ...contentCommands,
  ...reconciliationCommands,
];
