import { chromiumPath, QUIET_CHROMIUM_FLAGS as FLAGS } from '../../scripts/lib/chromium.mjs';

/** The system Chromium the browser benchmarks drive, with the e2e suite's flags (scripts/lib/chromium.mjs). */
export const CHROMIUM_PATH = chromiumPath();
export const QUIET_CHROMIUM_FLAGS: string[] = [...FLAGS];
