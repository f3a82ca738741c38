// Generates antd's styles once, at build time, into packages/web/src/app/generated/antd-styles.css (issue 16).
// antd 5 writes each component's CSS in the browser on first use per page load (cssinjs: compute the theme's
// tokens, build the style object, serialise it, hash it, insert a <style>): a CPU profile of a warm patent list
// visit put a fifth of the time before the first row there. This renders every antd component once on the
// server under the app's theme (app/theme.ts) and keeps the CSS antd's own extractor gives. The file ends with
// the rule `.data-ant-cssinjs-cache-path{content:"…"}` naming each style's cache path; in the browser, antd reads
// it on its first style lookup and takes a component whose path is listed as styled already, skipping the
// work. A style the file lacks (another theme, a component not rendered here) is still written at run time, so
// a stale or missing file costs speed, never looks. The web app loads it before antd's frame (app/antd-styles.ts).
// Usage: node --import tsx scripts/antd-styles.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The production class names (css-<hash>, not css-dev-only-…) and React's production build.
process.env.NODE_ENV = 'production';
const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'packages/web/src/app/generated/antd-styles.css');

const { createElement: h } = await import('react');
const { renderToString } = await import('react-dom/server');
const antd = await import('antd');
const { createCache, extractStyle, StyleProvider } = await import('@ant-design/cssinjs');
const { APP_THEME } = await import('../packages/web/src/app/theme.ts');

/** Props a component needs to draw its styled parts; the rest draw with none. */
const PROPS = {
  Affix: { children: h('div') },
  // A form's items, and a layout's sider, bring a style of their own.
  Form: { children: h(antd.Form.Item, {}, h('span')) },
  Layout: { children: h(antd.Layout.Sider) },
  Dropdown: { menu: { items: [] }, children: h('span') },
  Menu: { items: [] },
  QRCode: { value: 'ipdesk' },
  Tree: { treeData: [] },
  Transfer: { dataSource: [] },
};
/**
 * Not components (Grid holds hooks), or with nothing to gain: drawn closed, Tour's styles hold a selector the
 * CSS minifier rejects (`:where(.css-…)-placement-left`), and the app has no tour.
 */
const SKIP = new Set(['ConfigProvider', 'Grid', 'Tour']);

/**
 * Every component antd exports (a closed Modal or Tooltip registers its styles all the same), and the static
 * panels of message and notification, which are functions, not components. The components' own static panels
 * are not drawn: they set a theme of their own, so their styles would carry another theme's key, never looked up.
 */
function drawn() {
  const nodes = [];
  for (const [name, component] of Object.entries(antd)) {
    if (name[0] !== name[0].toUpperCase() || SKIP.has(name) || !component) continue;
    nodes.push([name, h(component, PROPS[name] ?? {})]);
  }
  for (const name of ['message', 'notification'])
    nodes.push([name, h(antd[name]._InternalPanelDoNotUseOrYouWillBeFired, { content: '' })]);
  // A ConfigProvider inside the app's (a page's own locale or size) writes the icons' reset in the app's theme.
  nodes.push(['ConfigProvider inside', h(antd.ConfigProvider, {}, h('span'))]);
  return nodes;
}

const cache = createCache();
const failed = [];
const nodes = drawn();
for (const [name, node] of nodes) {
  try {
    renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: APP_THEME }, node)));
  } catch (error) {
    // Drawn at run time instead; named so a new antd that breaks a component here is seen.
    failed.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  }
}
const css = extractStyle(cache, { plain: true });
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, css);
console.log(`antd styles: ${(css.length / 1024).toFixed(0)} KB for ${nodes.length} components and panels`);
for (const line of failed) console.warn(`  not pre-generated (written at run time): ${line}`);
