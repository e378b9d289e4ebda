// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededMessages } from '@/test/messages';
import { CLIENT_NAMESPACES, PAGE_NAMESPACES } from './client-namespaces';

const en = seededMessages('en');

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('client message namespaces', () => {
  it('include every namespace a client component translates with', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const source = readFileSync(file, 'utf8');
      if (!source.startsWith("'use client'")) continue;
      for (const match of source.matchAll(/useTranslations\('(\w+)'\)/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(0);
    const provided: readonly string[] = [...CLIENT_NAMESPACES, ...PAGE_NAMESPACES];
    expect([...used].filter((namespace) => !provided.includes(namespace))).toEqual([]);
  });

  it('all exist in the messages', () => {
    for (const namespace of [...CLIENT_NAMESPACES, ...PAGE_NAMESPACES]) expect(Object.keys(en)).toContain(namespace);
  });
});
