// What the README promises holds: every package the lock installs declares support for the oldest Node the project
// says it runs on, so `npm install` on that Node prints no engine warning.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const projectRange = JSON.parse(read('package.json')).engines.node;
const oldestNode = semver.minVersion(projectRange).version;

describe('the Node version the project promises', () => {
  it('is the one the README names', () => {
    const named = /Needs Node\.js (\d+\.\d+) or later/.exec(read('README.md'));
    expect(named?.[1]).toBe(oldestNode.replace(/\.0$/, ''));
  });

  it('is supported by every package in package-lock.json', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldestNode, entry.engines.node))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines.node}`);
    expect(refusing).toEqual([]);
  });
});
