import type { DbHandle } from '@playhouse/db';
import type { Clock } from '../../lib/clock';
import { createChatHub, type ChatHub } from './chat-hub';
import type { ChatConfig } from '../../config';
import { createChatService, type ChatService } from './chat-service';

export interface ChatServices {
  service: ChatService;
  hub: ChatHub;
  /** Whether the chat cookie needs the Secure flag (the site is served over https). */
  secureCookies: boolean;
}

export function createChatServices({
  handle,
  clock,
  config,
  secureCookies,
  onError,
}: {
  handle: DbHandle;
  clock: Clock;
  config: ChatConfig;
  secureCookies: boolean;
  onError: (error: unknown) => void;
}): ChatServices {
  return {
    service: createChatService({ db: handle.db, clock, config }),
    hub: createChatHub({ listen: handle.listen, onError }),
    secureCookies,
  };
}
