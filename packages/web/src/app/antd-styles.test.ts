// antd's build-time stylesheet is put first in <head>, once, and the frame's wait for it ends whether the
// browser got it or not (happy-dom loads no stylesheets: it reports each as settled at once). That the real
// browser takes antd's styles from it is e2e/antd-styles.test.ts.
import { describe, expect, it } from 'vitest';
import { loadAntdStyles } from './antd-styles';

const links = (href: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => l.href === href);

describe('antd styles from the build', () => {
  it('adds the sheet first in <head>, once, and settles', async () => {
    const own = document.createElement('style');
    document.head.append(own);
    const url = 'http://127.0.0.1:9/assets/antd-styles-test.css';

    await Promise.all([loadAntdStyles(url), loadAntdStyles(url)]);

    expect(links(url)).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(links(url)[0]);
    links(url)[0]!.remove();
    own.remove();
  });

  it('adds nothing without a built sheet (development, unit tests)', async () => {
    const before = document.head.innerHTML;
    await loadAntdStyles();
    expect(document.head.innerHTML).toBe(before);
  });
});
