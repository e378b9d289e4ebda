import { describe, expect, it } from 'vitest';
import { chatHiddenOn, chatOpenerOf, chatReducer, urlOpensChat, type ChatPhase } from './chat-state';

describe('chatReducer (SPEC.md §4 Chat: idle, loading, opened)', () => {
  it('goes idle → loading → opened and back to idle on close', () => {
    let phase: ChatPhase = 'idle';
    phase = chatReducer(phase, { type: 'open' });
    expect(phase).toBe('loading');
    phase = chatReducer(phase, { type: 'loaded' });
    expect(phase).toBe('opened');
    expect(chatReducer(phase, { type: 'close' })).toBe('idle');
  });

  it('ignores a second open while loading or opened', () => {
    expect(chatReducer('loading', { type: 'open' })).toBe('loading');
    expect(chatReducer('opened', { type: 'open' })).toBe('opened');
  });

  it('ignores a load that finishes after the chat was closed', () => {
    expect(chatReducer('idle', { type: 'loaded' })).toBe('idle');
  });

  it('closes from loading too', () => {
    expect(chatReducer('loading', { type: 'close' })).toBe('idle');
  });
});

describe('chatHiddenOn', () => {
  it('hides the icon on any path containing /landing or /game/', () => {
    for (const path of [
      '/landing',
      '/en/landing',
      '/de/landing/summer',
      '/game/book-of-stars',
      '/en/game/prematch-mts/4',
    ]) {
      expect(chatHiddenOn(path), path).toBe(true);
    }
  });

  it('shows it everywhere else, /games and /category pages included', () => {
    for (const path of ['/', '/en', '/en/category/slots', '/en/games', '/en/profile', '/en/game']) {
      expect(chatHiddenOn(path), path).toBe(false);
    }
  });
});

describe('urlOpensChat', () => {
  it('opens on openChatImmediately or widget-open-chat in the query or the hash', () => {
    expect(urlOpensChat({ search: '?openChatImmediately', hash: '' })).toBe(true);
    expect(urlOpensChat({ search: '?a=1&openChatImmediately=true', hash: '' })).toBe(true);
    expect(urlOpensChat({ search: '?widget-open-chat', hash: '' })).toBe(true);
    expect(urlOpensChat({ search: '', hash: '#widget-open-chat' })).toBe(true);
    expect(urlOpensChat({ search: '', hash: '#openChatImmediately' })).toBe(true);
  });

  it('does not open otherwise', () => {
    expect(urlOpensChat({ search: '', hash: '' })).toBe(false);
    expect(urlOpensChat({ search: '?openChat', hash: '#chat' })).toBe(false);
  });
});

describe('chatOpenerOf', () => {
  it('finds the marked element from a click inside it, and nothing from an unmarked one', () => {
    document.body.innerHTML =
      '<a href="/x" data-chat-opener=""><span id="inner">Contact support</span></a><a id="plain" href="/y">Other</a>';
    expect(chatOpenerOf(document.getElementById('inner'))?.tagName).toBe('A');
    expect(chatOpenerOf(document.getElementById('plain'))).toBeNull();
    expect(chatOpenerOf(null)).toBeNull();
  });
});
