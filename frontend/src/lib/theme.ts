export type Theme = 'light' | 'dark' | 'auto';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Applies a theme to the document: `data-theme` on <html> switches the CSS custom properties
 * (dark: background #181a1b, text #e8e6e3). "auto" follows the system preference and keeps
 * following it live. Returns a function that stops following.
 */
export function applyTheme(
  theme: Theme,
  root: HTMLElement = document.documentElement,
  media = globalThis.matchMedia?.(DARK_QUERY),
) {
  const set = (dark: boolean) => {
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  };
  if (theme !== 'auto' || !media) {
    set(theme === 'dark');
    return () => {};
  }
  set(media.matches);
  const onChange = (event: MediaQueryListEvent) => set(event.matches);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
