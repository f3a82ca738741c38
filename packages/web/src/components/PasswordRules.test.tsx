// Live rule feedback (spec §5): each rule of core's policy ticks as soon as the typed password meets it.
import { Form } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RULES, messages, translate } from '@ipdesk/core';
import { i18n, startI18n } from '../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../testing/local-server';
import { byTestId, typeInto } from '../testing/render';
import { NewPasswordFields } from './NewPasswordFields';

let root: Root | undefined;
let container: HTMLElement;

beforeAll(async () => {
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/reset-password`);
  localStorage.setItem('language', 'en');
  silenceBrowserConsole();
  await startI18n(localStorage);
});

// Each test types into a form of its own, so none depends on what another typed before it.
beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  const created = createRoot(container);
  root = created;
  await act(async () =>
    created.render(
      <I18nextProvider i18n={i18n}>
        <Form>
          <NewPasswordFields />
        </Form>
      </I18nextProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

function ruleStates(): Record<string, boolean> {
  return Object.fromEntries(
    [...container.querySelectorAll<HTMLElement>('[data-testid="password-rule"]')].map((item) => [
      item.dataset.rule ?? '',
      item.dataset.met === 'true',
    ]),
  );
}

describe('password rules feedback', () => {
  it('lists every strict rule with its text, none met before typing', () => {
    const items = [...container.querySelectorAll<HTMLElement>('[data-testid="password-rule"]')];
    expect(items.map((item) => item.textContent?.trim())).toEqual(
      PASSWORD_RULES.strict.map((rule) => translate('en', rule.key, rule.params)),
    );
    expect(Object.values(ruleStates())).toEqual(PASSWORD_RULES.strict.map(() => false));
    expect(byTestId(container, 'password-rules').textContent).toContain(messages.en['password.rulesTitle']);
  });

  it('ticks rules as the password meets them', async () => {
    const input = byTestId<HTMLInputElement>(container, 'new-password');
    await typeInto(input, 'abc');
    expect(ruleStates()).toEqual({
      'password.rule.length': false,
      'password.rule.upper': false,
      'password.rule.lower': true,
      'password.rule.digit': false,
      'password.rule.symbol': false,
      'password.rule.noSpace': true,
    });
    await typeInto(input, 'Abc 1234!');
    expect(ruleStates()).toMatchObject({
      'password.rule.length': true,
      'password.rule.upper': true,
      'password.rule.digit': true,
      'password.rule.symbol': true,
      'password.rule.noSpace': false,
    });
    await typeInto(input, 'Abcd1234!');
    expect(Object.values(ruleStates()).every(Boolean)).toBe(true);
  });
});
