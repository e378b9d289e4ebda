import { HIDDEN_POPUP_PATHS } from '@playhouse/shared/constants';

/** SPEC.md §4 "Chat": the widget is idle, loading (its code and the conversation) or opened. */
export type ChatPhase = 'idle' | 'loading' | 'opened';

export type ChatAction = { type: 'open' } | { type: 'loaded' } | { type: 'close' };

/**
 * open: idle to loading (a second open while loading or opened changes nothing); loaded: loading to opened (a late
 * answer after a close is ignored); close: back to idle from anywhere, as the widget's close callback does.
 */
export function chatReducer(phase: ChatPhase, action: ChatAction): ChatPhase {
  switch (action.type) {
    case 'open':
      return phase === 'idle' ? 'loading' : phase;
    case 'loaded':
      return phase === 'loading' ? 'opened' : phase;
    case 'close':
      return 'idle';
  }
}

/** SPEC.md §2: the icon is hidden on any path containing /landing or /game/. */
export const CHAT_HIDDEN_PATHS = [...HIDDEN_POPUP_PATHS, '/game/'] as const;

export function chatHiddenOn(pathname: string): boolean {
  return CHAT_HIDDEN_PATHS.some((hidden) => pathname.includes(hidden));
}

/** The words that open the chat by themselves when the address carries them, in the query or in the hash. */
export const CHAT_URL_TRIGGERS = ['openChatImmediately', 'widget-open-chat'] as const;

export function urlOpensChat(location: { search: string; hash: string }): boolean {
  return CHAT_URL_TRIGGERS.some((trigger) => location.search.includes(trigger) || location.hash.includes(trigger));
}

/** Elements marked with this attribute open the chat when clicked (e.g. a "Contact support" link). */
export const CHAT_OPENER_ATTRIBUTE = 'data-chat-opener';

/** The chat opener a click landed in, if any (the click may hit an icon inside the marked element). */
export function chatOpenerOf(target: EventTarget | null): Element | null {
  if (!target || !(target instanceof Element)) return null;
  return target.closest(`[${CHAT_OPENER_ATTRIBUTE}]`);
}
