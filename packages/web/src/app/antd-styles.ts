// antd's styles generated at build time (scripts/antd-styles.mjs), loaded before antd's frame draws: antd then
// finds each component it draws styled already and skips writing that CSS in the browser (issue 16). The file
// is made by `npm run build:web` only; in development and in unit tests there is none, and antd writes every
// style at run time as it always could.
const built: Record<string, string> = import.meta.env.PROD
  ? import.meta.glob<string>('./generated/antd-styles.css', { query: '?url', import: 'default', eager: true })
  : {};

const loading = new Map<string, Promise<void>>();

/**
 * Adds the stylesheet first in <head> (so the app's own sheets and any style antd still writes come after it)
 * and settles once the browser has it, or could not get it: antd reads the list of styled components once, on
 * its first lookup, so the sheet must be in before antd draws. Without it the page is slower, not broken.
 */
export function loadAntdStyles(url = Object.values(built)[0]): Promise<void> {
  if (!url) return Promise.resolve();
  let loaded = loading.get(url);
  if (!loaded) {
    loaded = new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.prepend(link);
    });
    loading.set(url, loaded);
  }
  return loaded;
}
