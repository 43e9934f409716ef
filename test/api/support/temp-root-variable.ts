/**
 * Where vitest's global set-up (temp-root.ts) tells the test apps to make their media folders. An environment
 * variable, not vitest's provide/inject, because the browser tests' server loads the test app outside vitest.
 */
export const TEMP_ROOT_VARIABLE = 'TOUR_TEST_TEMP_ROOT';
