import { afterEach, describe, expect, it, vi } from 'vitest';
import { installCommand, missingSystemNeeds } from './prerequisites.mjs';

describe('what npm test needs from the machine', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('finds the browser missing when CHROMIUM_PATH names nothing runnable, and names the package to install', () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    expect(missingSystemNeeds(['chromium', 'chromium'])).toEqual(['chromium']);
    expect(installCommand(['chromium', 'postgres'])).toBe('apt-get update && apt-get install -y chromium postgresql');
  });

  it('finds the browser present when CHROMIUM_PATH names an executable', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(missingSystemNeeds(['chromium'])).toEqual([]);
  });
});
