import { describe, expect, it } from 'vitest';
import { nestMessages } from './messages';

describe('nestMessages', () => {
  it('nests dotted keys into namespaces', () => {
    const flat = new Map([
      ['nav.home', 'Home'],
      ['nav.menu.open', 'Open'],
      ['title', 'Playhouse'],
    ]);
    expect(nestMessages(flat)).toEqual({ nav: { home: 'Home', menu: { open: 'Open' } }, title: 'Playhouse' });
  });

  it('keeps a text when a deeper key would turn it into a namespace', () => {
    const flat = new Map([
      ['nav.home.icon', 'house'],
      ['nav.home', 'Home'],
    ]);
    expect(nestMessages(flat)).toEqual({ nav: { home: 'Home' } });
  });

  it('drops keys with empty segments or ones that would reach the object prototype', () => {
    const flat = new Map([
      ['a..b', 'x'],
      ['.lead', 'x'],
      ['__proto__.polluted', 'yes'],
      ['constructor.prototype.polluted', 'yes'],
      ['ok', 'fine'],
    ]);
    expect(nestMessages(flat)).toEqual({ ok: 'fine' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
