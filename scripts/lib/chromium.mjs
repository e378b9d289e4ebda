/** The Chromium the e2e suite and the browser benchmarks drive: Debian's unless CHROMIUM_PATH names another. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags that keep Chromium from its own background work (updates, sync, QUIC probes: this machine's closed network
 * refuses them, many at a time) while it is tested or measured, and let it run as root in a container.
 */
export const QUIET_CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]);
