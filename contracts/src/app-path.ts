/**
 * Where a sign-in may send the browser afterwards: a path of this app, never another site.
 * Browsers drop tabs and newlines from a URL and read a backslash as a slash, so "/\t/evil.example"
 * and "/\\evil.example" become "//evil.example", another host; the pattern refuses every control
 * character and backslash, and a second slash right after the first.
 */
export const APP_PATH_PATTERN = '^/(?![/])[^\\u0000-\\u001f\\u007f\\\\]*$';

const APP_PATH = new RegExp(APP_PATH_PATTERN);
const PROBE_ORIGIN = 'https://app.invalid';

/** Whether `value` is a path of this app: the pattern above, and still this origin once parsed as a URL. */
export function isAppPath(value: string) {
  return APP_PATH.test(value) && URL.parse(value, PROBE_ORIGIN)?.origin === PROBE_ORIGIN;
}
