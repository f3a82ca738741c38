// The custom field dialog with the real App against a local server playing {webapi}: the kinds offered
// grouped with their labels (every reference kind, each with its declared target), and what a
// save of an applicant field with several values sends; the same offer from the rules in both languages.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOM_KIND_LABELS, MODEL_CATALOG, messages } from '@ipdesk/core';
import type { MyMenus } from '../api/menus';
import { forgetMyMenus } from '../session/my-menus';
import { answer, notFound, pageTest } from '../testing/page-test';
import { byTestId, click, typeInto } from '../testing/render';
import { settle, waitUntil } from '../testing/wait';
import { OFFERED_KINDS, kindGroup, toDefinition, toFormValues } from './custom-field-rules';

const zh = messages['zh-CN'];
const en = messages.en;
const BASE = '/webapi/model/custom_field/do';

const page = pageTest((request, response) => {
  const path = request.url.split('?')[0];
  if (path === `${BASE}/search`) return answer([])(request, response);
  if (path === `${BASE}/create`) {
    const body = JSON.parse(request.body) as { code: string; definition: unknown };
    return answer({ sid: 'Field00000000001', model: 'patent', code: body.code, draft: body.definition })(
      request,
      response,
    );
  }
  return notFound(request, response);
});

beforeEach(() => {
  forgetMyMenus();
  const menus: MyMenus = { menus: [], resources: ['home', 'system.custom_fields'] };
  localStorage.setItem('my-menus', JSON.stringify(menus));
});

describe('the kinds a custom field may take', () => {
  it('offers every reference kind with a declared target and none without one', () => {
    for (const kind of [
      'user',
      'organization',
      'applicant',
      'agent',
      'agency',
      'expert',
      'company',
      'virtualOrg',
      'project',
      'invoice',
    ] as const)
      expect(OFFERED_KINDS).toContain(kind);
    for (const kind of ['productCategory', 'technologyCategory', 'techTerritory', 'patternType', 'option'] as const)
      expect(OFFERED_KINDS).toContain(kind);
    // Every reference kind has its target (experts, virtual organisations and invoices since issue 18);
    // cascades, amounts with a currency and parents are never custom fields. Files (figures, design samples)
    // are uploads.
    for (const kind of ['cascade', 'currencyAmount', 'parent']) expect(OFFERED_KINDS).not.toContain(kind);
    for (const kind of ['figure', 'designSample'] as const) expect(OFFERED_KINDS).toContain(kind);
    for (const kind of OFFERED_KINDS) {
      expect(zh[CUSTOM_KIND_LABELS[kind]]).toBeTruthy();
      expect(en[CUSTOM_KIND_LABELS[kind]]).toBeTruthy();
    }
  });

  it('sends several values only where the kind takes them, and no dictionary for a category (a reference)', () => {
    const values = { ...toFormValues('sponsor', null), name_zh: '资助方', name_en: 'Sponsor', multiple: true };
    expect(toDefinition({ ...values, kind: 'applicant' })).toMatchObject({
      kind: 'applicant',
      multiple: true,
      dictionary: null,
    });
    expect(toDefinition({ ...values, kind: 'date' })).toMatchObject({ multiple: false });
    expect(toDefinition({ ...values, kind: 'productCategory', dictionary: '' })).toMatchObject({
      multiple: true,
      dictionary: null,
    });
    expect(kindGroup('user')).toBe('reference');
    expect(kindGroup('techTerritory')).toBe('option');
    // The category kinds point at the category trees' records (domains/taxonomy).
    expect(kindGroup('productCategory')).toBe('reference');
    expect(kindGroup('technologyCategory')).toBe('reference');
    expect(kindGroup('money')).toBe('plain');
  });
});

describe('the custom field dialog', () => {
  it('offers the kinds grouped with their labels and saves an applicant field with several values', async () => {
    const { container } = await page.open('/admin/custom-fields');
    await waitUntil(() => container.querySelector('[data-testid="custom-fields-edit-mode"]') !== null);
    await click(byTestId(container, 'custom-fields-edit-mode'));
    await waitUntil(() => container.querySelector('[data-testid="custom-fields-create"]') !== null);
    await click(byTestId(container, 'custom-fields-create'));
    await waitUntil(() => document.querySelector('[data-testid="custom-field-drawer"]') !== null);

    await act(async () => {
      document
        .querySelector('[data-testid="custom-field-kind"] .ant-select-selector')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitUntil(() => document.querySelectorAll('.ant-select-item-option').length > 0);
    // antd renders a virtual list: the groups and the first options are in the page.
    const groups = [...document.querySelectorAll('.ant-select-item-group')].map((g) => g.textContent);
    expect(groups[0]).toBe(zh['adminField.kindGroup.plain']);
    const labels = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(labels()).toContain(zh['adminField.kind.text']);
    expect(labels()).not.toContain(zh['adminField.kind.cascade']);

    // Typing filters the list; the applicant kind is offered under records.
    const search = document.querySelector<HTMLInputElement>('[data-testid="custom-field-kind"] input')!;
    await typeInto(search, zh['adminField.kind.applicant']);
    let option: HTMLElement | undefined;
    await waitUntil(() => {
      option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === zh['adminField.kind.applicant'],
      );
      return option !== undefined;
    });
    await act(async () => option?.click());
    await settle();
    // A kind never offered is not found by name either; an invoice field is.
    await typeInto(search, zh['adminField.kind.cascade']);
    await settle();
    expect(labels()).not.toContain(zh['adminField.kind.cascade']);
    await typeInto(search, zh['adminField.kind.invoice']);
    await waitUntil(() => labels().includes(zh['adminField.kind.invoice']));

    await typeInto(byTestId<HTMLInputElement>(document.body, 'custom-field-code'), 'sponsor');
    await typeInto(byTestId<HTMLInputElement>(document.body, 'custom-field-name-zh'), '资助方');
    await typeInto(byTestId<HTMLInputElement>(document.body, 'custom-field-name-en'), 'Sponsor');
    // A reference kind takes several values, and no dictionary.
    expect(document.querySelector('[data-testid="custom-field-dictionary"]')).toBeNull();
    await click(byTestId(document.body, 'custom-field-multiple'));
    await click(byTestId(document.body, 'custom-field-save'));
    await waitUntil(() => page.sent(`${BASE}/create`).length === 1);
    expect(JSON.parse(page.sent(`${BASE}/create`)[0]!.body)).toMatchObject({
      model: MODEL_CATALOG[0]!.name,
      code: 'sponsor',
      definition: { kind: 'applicant', multiple: true, dictionary: null, name_zh: '资助方', name_en: 'Sponsor' },
    });
  }, 60_000);
});
