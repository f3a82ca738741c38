// A patent case in Chromium against the real server: created through the form as a CN invention,
// inventors with contributions, a PCT relation to a WO case with its warning confirmed, deadlines
// explained in zh-CN and in English, a PDF uploaded and previewed, and the fee schedule once granted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RELATION_TYPE_LABELS, messages, translate } from '@ipdesk/core';
import type { BrowserSession } from './support/browser.js';
import { apiOf, chooseOption, createPatent, fillDate, signedInSession } from './support/models.js';
import { saveScreenshot, textOf, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
const sessions: BrowserSession[] = [];
let expectedProblems: RegExp[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  const problems = sessions
    .flatMap((s) => s.problems)
    .filter((problem) => !expectedProblems.some((re) => re.test(problem)));
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  expectedProblems = [];
  expect(problems).toEqual([]);
});

const zh = messages['zh-CN'];

async function start(locale = 'zh-CN') {
  const started = await signedInSession(server, locale);
  sessions.push(started.session);
  const { page } = started.session;
  return { page, api: await apiOf(server, page) };
}

/** A small, valid one-page PDF. */
function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> >>',
    '<< /Length 35 >>\nstream\nBT /F1 12 Tf 20 100 Td (IPDesk) Tj ET\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('a patent case', () => {
  // The longest walk of the suite (form, inventors, a relation, deadlines, documents, fees): past the default 60 s
  // when two browser files share the 2-core machine.
  it(
    'is created with inventors, related to a PCT case, explains its deadlines, keeps documents and fees',
    {
      timeout: 150_000,
    },
    async () => {
      const { page, api } = await start();
      const prefix = `P${Date.now().toString(36).toUpperCase()}`;
      const wo = await createPatent(api, {
        title: `${prefix} 国际申请`,
        sn: `${prefix}-WO`,
        country: 'WO',
        filing_date: '2022-01-10',
      });

      // A CN invention through the form.
      await page.goto(server.appUrl('model/patent/new'));
      await page.getByTestId('field-title').fill(`${prefix} 一种固态电池`);
      await page.getByTestId('field-sn').fill(`${prefix}-CN`);
      await chooseOption(page, 'field-patent_type', '发明');
      await chooseOption(page, 'field-country', '中国');
      await fillDate(page, 'field-filing_date', '2023-03-14');
      await page.waitForFunction(
        () => !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'),
      );
      await page.getByTestId('form-save').click();
      await page.waitForURL(/\/ip\/model\/patent\/[0-9A-Za-z]{16}\?sub_company_sid=/);
      await waitForText(page, 'detail-title', `${prefix} 一种固态电池`);
      const detailUrl = page.url();
      const sid = new URL(detailUrl).pathname.split('/').at(-1)!;

      // Inventors: the sum must reach 100 before saving.
      await page.getByTestId('tab-inventors').click();
      await page.getByTestId('inventor-add').click();
      await page.getByTestId('inventor-add').click();
      await page.getByTestId('inventor-name-0').fill('张三');
      await page.getByTestId('inventor-contribution-0').fill('60');
      await page.getByTestId('inventor-name-1').fill('李四');
      await page.getByTestId('inventor-contribution-1').fill('30');
      expect(await page.getByTestId('inventors-save').isDisabled()).toBe(true);
      await page.getByTestId('inventor-contribution-1').fill('40');
      await page.waitForFunction(
        () => !(document.querySelector('[data-testid="inventors-save"]') as HTMLButtonElement | null)?.disabled,
      );
      await page.getByTestId('inventors-save').click();
      await expect
        .poll(async () => (await api<Array<{ name: string }>>('GET', `/webapi/patent/${sid}/inventors`)).body.data)
        .toEqual([
          expect.objectContaining({ name: '张三', contribution: 60 }),
          expect.objectContaining({ name: '李四', contribution: 40 }),
        ]);

      // A PCT relation to the WO case: filed before this case, so the warning shows and must be confirmed.
      await page.getByTestId('tab-relations').click();
      await page.getByTestId('relation-add').click();
      await chooseOption(page, 'relation-type', RELATION_TYPE_LABELS.PCT.zh);
      // The type list closes before the case list opens (two dropdowns are briefly on the page).
      await page.waitForFunction(
        () => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
      );
      await page.getByTestId('relation-other').click();
      await page.keyboard.type(`${prefix}-WO`);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `${prefix}-WO` })
        .first()
        .click();
      await page.getByTestId('relation-warning-parentFiledAfterChild').waitFor();
      expect(await page.getByTestId('relation-save').isDisabled()).toBe(true);
      await saveScreenshot(page, 'patent-relation-warning-zh-CN');
      await page.getByTestId('relation-confirm').click();
      await page.getByTestId('relation-save').click();
      await page.getByTestId(`relation-row-${prefix}-WO`).waitFor();
      await page.getByTestId('relation-ack-parentFiledAfterChild').waitFor();
      expect((await api('GET', `/webapi/patent/${wo.sid}/relations`)).status).toBe(200);

      // Deadlines, explained in Chinese.
      await page.getByTestId('tab-deadlines').click();
      await page.getByTestId('deadline-explanation-CN-EXAM-REQUEST').waitFor();
      expect(await textOf(page, 'deadline-explanation-CN-EXAM-REQUEST')).toContain(
        '申请日 2023-03-14 + 36个月 = 2026-03-14（星期六）→ 2026-03-16',
      );
      await saveScreenshot(page, 'patent-deadlines-zh-CN');

      // A PDF uploaded and previewed.
      await page.getByTestId('tab-documents').click();
      await page.getByTestId('documents-upload').click();
      await page.locator('[data-testid="document-file"] input[type=file]').setInputFiles({
        name: '申请文件.pdf',
        mimeType: 'application/pdf',
        buffer: samplePdf(),
      });
      expect(await page.getByTestId('document-file-name').inputValue()).toBe('申请文件.pdf');
      await page.getByTestId('document-dialog-submit').click();
      await page.getByTestId('document-file-name-cell').filter({ hasText: '申请文件.pdf' }).waitFor();
      await page.getByTestId('document-preview').first().click();
      const frame = page.getByTestId('document-preview-frame');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toMatch(/^blob:/);
      await saveScreenshot(page, 'patent-document-preview-zh-CN');
      await page.keyboard.press('Escape');

      // Granted: the annuity schedule up to the term.
      const current = await api<{ version: number }>('GET', `/webapi/model/patent/${sid}`);
      const granted = await api('POST', '/webapi/model/patent/do/update', {
        sid,
        version: current.body.data.version,
        data: { grant_date: '2025-05-10' },
      });
      expect(granted.status).toBe(200);
      await page.reload();
      await page.getByTestId('tab-fees').click();
      await waitForText(page, 'fee-schedule-term-end', '2043-03-13');
      await page.getByTestId('fee-amount-5').waitFor();
      expect(await textOf(page, 'fee-amount-5')).toContain('1,200');
      await page.getByTestId('fee-pay-5').waitFor();
      await saveScreenshot(page, 'patent-fees-zh-CN');

      // The same case in English: the explanation in English.
      const english = await start('en-US');
      await english.page.goto(detailUrl);
      await english.page.getByTestId('tab-deadlines').click();
      await english.page.getByTestId('deadline-explanation-CN-EXAM-REQUEST').waitFor();
      expect(await textOf(english.page, 'deadline-explanation-CN-EXAM-REQUEST')).toContain(
        'filing date 2023-03-14 + 36 months = 2026-03-14 (Saturday) → 2026-03-16',
      );
      expect(await english.page.getByTestId('tab-deadlines').textContent()).toBe(
        translate('en', 'patentTab.deadlines'),
      );
      await saveScreenshot(english.page, 'patent-deadlines-en');
      expect(zh['patentTab.deadlines']).not.toBe(translate('en', 'patentTab.deadlines'));
    },
  );
});
