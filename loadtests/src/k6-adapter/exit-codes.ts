/** k6's own exit codes, which the adapter's run.ts keeps so CI treats both alike. */
export const THRESHOLDS_CROSSED = 99;
export const SCRIPT_FAILED = 107;
