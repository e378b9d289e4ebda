import type { Messages } from '@playhouse/shared';

/** Segments that would reach Object.prototype instead of creating a namespace. */
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Nests flat dotted keys into next-intl's message object: "nav.home" → { nav: { home } }. A key that would turn a
 * text into a namespace cannot be represented, so the text (first in key order) is kept and the deeper key dropped.
 */
export function nestMessages(flat: ReadonlyMap<string, string>): Messages {
  const root: Messages = {};
  for (const key of [...flat.keys()].sort()) {
    const parts = key.split('.');
    if (parts.some((part) => part === '' || UNSAFE_SEGMENTS.has(part))) continue;
    const leaf = parts.pop() as string;
    let node: Messages | undefined = root;
    for (const part of parts) {
      const next: string | Messages | undefined = Object.hasOwn(node, part) ? node[part] : undefined;
      if (next === undefined) {
        const child: Messages = {};
        node[part] = child;
        node = child;
      } else if (typeof next === 'string') {
        node = undefined;
        break;
      } else {
        node = next;
      }
    }
    if (node && !Object.hasOwn(node, leaf)) node[leaf] = flat.get(key) ?? '';
  }
  return root;
}
