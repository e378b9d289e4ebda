import fs from 'node:fs';
import { chromiumPath } from './chromium.mjs';
import { findPostgresBinaries } from './postgres.mjs';
import { run } from './process.mjs';

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** What the machine itself must provide for a step, beyond node_modules: a Debian package and how to tell it is there. */
const SYSTEM_NEEDS = {
  chromium: { debianPackage: 'chromium', present: () => isExecutable(chromiumPath()) },
  postgres: { debianPackage: 'postgresql', present: () => findPostgresBinaries() !== null },
};

/** The system packages the chosen steps lack. */
export function missingSystemNeeds(needs) {
  return [...new Set(needs)].filter((need) => !SYSTEM_NEEDS[need].present());
}

export function installCommand(missing) {
  return `apt-get update && apt-get install -y ${missing.map((need) => SYSTEM_NEEDS[need].debianPackage).join(' ')}`;
}

/** How to run apt-get as root: directly when we are root, through password-less sudo otherwise, or not at all. */
async function asRoot() {
  if (!isExecutable('/usr/bin/apt-get')) return null;
  if (process.getuid?.() === 0) return (command, args) => [command, args];
  const { code } = await run('sudo', ['-n', 'true'], { quiet: true });
  return code === 0 ? (command, args) => ['sudo', ['-n', command, ...args]] : null;
}

/**
 * Makes sure the machine has what the chosen steps need: as root on Debian it installs the missing packages itself;
 * anywhere else it says the exact command and returns false, so the run stops before its first step instead of
 * failing half an hour later.
 */
export async function ensureSystemNeeds(needs) {
  const missing = missingSystemNeeds(needs);
  if (missing.length === 0) return true;
  const command = installCommand(missing);
  const wrap = await asRoot();
  if (!wrap) {
    console.error(
      `npm test needs ${missing.join(' and ')}, which this machine lacks. Install with:\n  sudo ${command}`,
    );
    if (missing.includes('chromium')) console.error('(or point CHROMIUM_PATH at another Chromium)');
    return false;
  }
  console.log(`::: installing ${missing.join(' and ')}: ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-q']],
    ['apt-get', ['install', '-y', '-q', ...missing.map((need) => SYSTEM_NEEDS[need].debianPackage)]],
  ];
  for (const [command, args] of steps) {
    const { code } = await run(...wrap(command, args), { env });
    if (code !== 0) return false;
  }
  // Debian's package starts a cluster of its own; the tests start their own server, so stop it to free its resources.
  if (missing.includes('postgres')) await run(...wrap('service', ['postgresql', 'stop']), { quiet: true });
  return missingSystemNeeds(needs).length === 0;
}
