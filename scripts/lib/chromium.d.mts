export declare const chromiumPath: () => string;
export declare const QUIET_CHROMIUM_FLAGS: readonly string[];
