// The money-with-currency input and cell (kind currencyAmount, core values/money.ts): the input sends
// { amount, currency } without grouping separators and keeps the chosen currency; the form's rule is
// core's check (decimals per currency) with its message; the cell reads in the reader's language.
import { act } from 'react';
import type { FormRule } from 'antd';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { i18n, startI18n } from '../../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../../testing/local-server';
import { typeInto } from '../../testing/render';
import { schemaField } from '../../testing/schema-fixtures';
import { waitUntil } from '../../testing/wait';
import { fieldRules } from '../form/form-values';
import { renderValue } from './cells';
import { inputFor } from './inputs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const zh = messages['zh-CN'];
let root: Root | undefined;

beforeAll(async () => {
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const royalty = schemaField('royalty', '许可费', {
  kind: 'currencyAmount',
  data_type: 'money',
  min: 0,
  flags: { searchFilter: true },
});

async function mount(value: unknown, onChange: (value: unknown) => void): Promise<HTMLElement> {
  const Input = inputFor(royalty);
  const box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <Input field={royalty} model="test_licence" value={value} onChange={onChange} testId="royalty" />
      </I18nextProvider>,
    ),
  );
  return box;
}

describe('money with its currency', () => {
  it('edits the amount and the currency and sends { amount, currency }', async () => {
    const sent: unknown[] = [];
    const box = await mount({ amount: '12.50', currency: 'USD' }, (value) => sent.push(value));
    const amount = box.querySelector<HTMLInputElement>('[data-testid="royalty-amount"]')!;
    expect(amount.value).toBe('12.50');
    expect(box.querySelector('[data-testid="royalty-currency"]')?.textContent).toContain('USD');
    await typeInto(amount, '1,234.5');
    expect(sent.at(-1)).toEqual({ amount: '1234.5', currency: 'USD' });
    await typeInto(amount, '');
    expect(sent.at(-1)).toBeNull();
  });

  it('offers the currencies of core and sends the chosen one with the amount', async () => {
    const sent: unknown[] = [];
    const box = await mount({ amount: '100', currency: 'CNY' }, (value) => sent.push(value));
    await act(async () => {
      box
        .querySelector('[data-testid="royalty-currency"] .ant-select-selector')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    let jpy: HTMLElement | undefined;
    await waitUntil(() => {
      jpy = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (item) => item.textContent === 'JPY',
      );
      return jpy !== undefined;
    });
    await act(async () => jpy?.click());
    expect(sent.at(-1)).toEqual({ amount: '100', currency: 'JPY' });
  });

  it("checks with core's rule before sending: decimals per currency, the range", async () => {
    const check = async (value: unknown): Promise<string | undefined> => {
      for (const rule of fieldRules(royalty, 'test_licence', i18n.t) as Exclude<
        FormRule,
        (...a: never[]) => unknown
      >[]) {
        try {
          await rule.validator?.(rule as never, value, () => undefined);
        } catch (error) {
          return (error as Error).message;
        }
      }
      return undefined;
    };
    expect(await check({ amount: '1.5', currency: 'JPY' })).toBe(
      zh['validation.moneyPrecision'].replace('{{digits}}', '0'),
    );
    expect(await check({ amount: '-1', currency: 'CNY' })).toBe(
      zh['validation.tooSmall.number'].replace('{{minimum}}', '0'),
    );
    expect(await check({ amount: '1', currency: 'XYZ' })).toBe(zh['validation.currency']);
    expect(await check({ amount: '1.25', currency: 'CNY' })).toBeUndefined();
    expect(await check(null)).toBeUndefined();
  });

  it('reads as the amount in its currency, in the language', () => {
    const context = { t: i18n.t, language: 'zh-CN' as const, variant: 'detail' as const };
    expect(renderValue({ amount: '1234.50', currency: 'CNY' }, royalty, context)).toBe('¥1,234.50');
    expect(renderValue({ amount: '150000', currency: 'JPY' }, royalty, { ...context, language: 'en' })).toBe(
      '¥150,000',
    );
  });
});
