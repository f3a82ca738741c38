// The generic detail page loops over the domains it is given: a domain declared only in the test suite
// (testing/domains/sample) shows its tab on its model's detail page, the product's domains keep theirs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ModelSchema } from '../api/model';
import { i18n, startI18n } from '../i18n/i18n';
import { endSession } from '../session/store';
import { setPageUrl, silenceBrowserConsole, startLocalServer, type LocalServer } from '../testing/local-server';
import { answer, notFound, signIn, TEST_COMPANY_SID } from '../testing/page-test';
import { byTestId, click, renderAt, type Rendered } from '../testing/render';
import { waitUntil } from '../testing/wait';
import { SAMPLE_TEXTS, sampleWeb } from '../testing/domains/sample/manifest';
import { DOMAINS, detailTabsOf } from './index';

const GADGET = 'Gad0000000000001';
const schema: ModelSchema = {
  name: 'sample_gadget',
  label: '小工具',
  title_field: 'name',
  abilities: { create: false, update: false, delete: false, import: false, export: false },
  fields: [],
};

let server: LocalServer;
let rendered: Rendered | undefined;
const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const path = request.url.split('?')[0];
    if (path === '/webapi/model/sample_gadget/do/schema') return answer(schema)(request, response);
    if (path === `/webapi/model/sample_gadget/${GADGET}`)
      return answer({ sid: GADGET, version: 1, company_sid: TEST_COMPANY_SID, name: 'G-1' })(request, response);
    return notFound(request, response);
  });
  setPageUrl(`${server.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
  i18n.addResourceBundle('zh-CN', 'translation', SAMPLE_TEXTS['zh-CN'], true, true);
  // Signed in once for the file: the tests only read.
  signIn();
});
afterAll(() => server.close());
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});
afterAll(() => endSession());

describe('domains on the detail page', { timeout: 30_000 }, () => {
  it('shows the tab of a domain declared in the test suite, labelled in its own words', async () => {
    rendered = await renderAt(`/model/sample_gadget/${GADGET}`, { domains: [...DOMAINS, sampleWeb] });
    await waitUntil(() => present('tab-gadget_panel'));
    expect(byTestId(document, 'tab-gadget_panel').textContent).toBe('小工具面板');
    await click(byTestId(document, 'tab-gadget_panel'));
    await waitUntil(() => present('sample-gadget-panel'));
    expect(byTestId(document, 'sample-gadget-panel').textContent).toBe(GADGET);
  });

  it('shows no such tab without the domain', async () => {
    rendered = await renderAt(`/model/sample_gadget/${GADGET}`);
    await waitUntil(() => present('tab-details'));
    expect(present('tab-gadget_panel')).toBe(false);
  });

  it("keeps the patent page's tabs in their order: the patents domain's, then the documents'", () => {
    expect(detailTabsOf(DOMAINS, 'patent').map((tab) => tab.key)).toEqual([
      'inventors',
      'relations',
      'family',
      'deadlines',
      'fees',
      'documents',
    ]);
  });
});
