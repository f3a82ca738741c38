// The advanced search box checks a query against the schema it holds (issue 14): an unknown field, a
// value of the wrong type or a date the calendar does not have is shown with the server's own message
// and position before anything is sent, and the search button stays disabled; a good query is "valid".
import { messages, type Language } from '@ipdesk/core';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SchemaField } from '../../api/model';
import { byTestId } from '../../testing/render';
import { schemaField, systemField, type FieldExtra } from '../../testing/schema-fixtures';
import { AdvancedSearchBox } from './AdvancedSearchBox';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();

const field = (name: string, data_type: SchemaField['data_type'], extra: FieldExtra = {}) =>
  schemaField(name, name, { data_type, ...extra });

/** A few patent fields, as the schema answer gives them. */
const FIELDS = [
  field('title', 'string'),
  field('filing_date', 'date'),
  field('claim_count', 'integer'),
  systemField('created_at', 'created_at', { data_type: 'timestamp' }),
  field('applicants', 'string', { multiple: true }),
  field('agency', 'ref', { target: 'agency' }),
];

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(
      (Object.keys(messages) as Language[]).map((language) => [language, { translation: messages[language] }]),
    ),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

async function renderBox(text: string, language: Language = 'en') {
  await i18n.changeLanguage(language);
  const onSearch = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <AdvancedSearchBox
          fields={FIELDS}
          titleField="title"
          text={text}
          onTextChange={() => undefined}
          onSearch={onSearch}
        />
      </I18nextProvider>,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  const error = container.querySelector('[data-testid="iql-error"]')?.textContent;
  const valid = container.querySelector('[data-testid="iql-valid"]') !== null;
  const search = byTestId<HTMLButtonElement>(container, 'iql-search');
  return { container, error, valid, disabled: search.disabled };
}

describe('advanced search box: the query checked against the schema', () => {
  it.each([
    ["applicationDate = '2024-01-31'", 'Position 1: there is no field "applicationDate"'],
    ["filing_date = '2024-02-30'", 'Position 15: "2024-02-30" is not a valid date (field "filing_date")'],
    [
      "filing_date IN ('2024-01-01', '2023-02-29')",
      'Position 31: "2023-02-29" is not a valid date (field "filing_date")',
    ],
    ["filing_date = 'soon'", 'Position 15: the value for "filing_date" must be a date (e.g. 2024-01-31)'],
    [
      "created_at > '2024-01-01T24:61:00Z'",
      'Position 14: "2024-01-01T24:61:00Z" is not a valid time (field "created_at")',
    ],
    ["claim_count = 'many'", 'Position 15: the value for "claim_count" must be a number'],
    ['title WITHIN 7 DAYS', 'Position 1: field "title" does not take this condition'],
    ["title.name = 'x'", 'Position 1: "title" is not a relation, so "." cannot follow it'],
    ['ORDER BY applicants', 'Position 10: cannot sort by "applicants"'],
  ])('refuses %s with the server message', async (text, message) => {
    const box = await renderBox(text);
    expect(box.error).toBe(message);
    expect(box.valid).toBe(false);
    expect(box.disabled).toBe(true);
  });

  it('marks the offending value in the query', async () => {
    const box = await renderBox("title CONTAINS 'x' AND filing_date = '2024-02-30'");
    expect(box.container.querySelector('[data-testid="iql-error-marked"] mark')?.textContent).toBe("'2024-02-30'");
  });

  it('says it in Chinese for a Chinese user', async () => {
    const box = await renderBox("filing_date = '2024-02-30'", 'zh-CN');
    expect(box.error).toBe('第 15 个字符处：“2024-02-30”不是有效日期（字段“filing_date”）');
  });

  it('calls a good query valid, relations included (their target is the server to check)', async () => {
    for (const text of [
      "filing_date = '2024-02-29' AND claim_count >= 3",
      "agency.name STARTS WITH '北京' ORDER BY filing_date DESC",
      "created_at BETWEEN '2024-01-01T00:00:00Z' AND '2024-12-31 23:59'",
    ]) {
      const box = await renderBox(text);
      expect(box.error, text).toBeUndefined();
      expect(box.valid, text).toBe(true);
      expect(box.disabled, text).toBe(false);
      cleanup?.();
      cleanup = undefined;
    }
  });
});
