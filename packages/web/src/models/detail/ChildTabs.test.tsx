// A parent's detail page lists its child records (ModelDeclaration.parent) in a tab per child model the
// schema names, with the child's generic list limited to the parent; a child a domain tab already shows (a
// case's deadlines and fees) gets no second tab; "new" in the tab opens the child's form with the parent
// preset and locked, and the create sends it. Rendered with the real App against a local HTTP server.
import { describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ModelSchema } from '../../api/model';
import { DOMAINS, detailTabsOf } from '../../domains';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';
import { genericChildTabs } from './ChildRecordsTab';

const zh = messages['zh-CN'];
const CASE_SID = 'Case000000000001';
const ITEM_SID = 'Item000000000001';

const patent = modelSchema({
  name: 'patent',
  label: '专利',
  fields: [
    systemField('sid', '编号'),
    systemField('company_sid', '所属公司', { kind: 'company', data_type: 'ref' }),
    systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
    schemaField('title', '专利名称'),
  ],
  children: [
    { model: 'patent_item', field: 'patent', label: '官文与事件' },
    { model: 'patent_task', field: 'patent', label: '期限' },
    { model: 'fee', field: 'patent', label: '费用' },
  ],
});
const patentItem: ModelSchema = modelSchema({
  name: 'patent_item',
  label: '官文与事件',
  fields: [
    systemField('sid', '编号'),
    systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
    schemaField('title', '标题', { required: true, flags: { searchFilter: true, keyword: true } }),
    schemaField('patent', '专利', { kind: 'parent', data_type: 'ref', target: 'patent', required: true }),
  ],
  parent: { model: 'patent', field: 'patent' },
  abilities: { create: true, update: true, delete: true, import: true, export: true },
});

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  if (path === '/webapi/model/patent/do/schema') return answer(patent)(request, response);
  if (path === '/webapi/model/patent_item/do/schema') return answer(patentItem)(request, response);
  if (path === `/webapi/model/patent/${CASE_SID}`)
    return answer({ sid: CASE_SID, company_sid: TEST_COMPANY_SID, version: 1, title: '一种电池' })(request, response);
  if (path === '/webapi/model/patent_item/do/search')
    return answer(
      { rows: [{ sid: ITEM_SID, version: 1, title: '第一次审查意见', patent: CASE_SID }] },
      {
        titles: { patent: { [CASE_SID]: '一种电池' } },
      },
    )(request, response);
  if (path === '/webapi/model/patent_item/do/count') return answer({ total: 1 })(request, response);
  if (path === '/webapi/model/user_define_config/do/search_header') return answer({ columns: null })(request, response);
  if (path === '/webapi/model/user_define_config/do/search') return answer([])(request, response);
  if (path === '/webapi/model/patent_item/do/create')
    return answer({ sid: 'Item000000000002', version: 1, title: '受理通知书', patent: CASE_SID })(request, response);
  return notFound(request, response);
}

const page = pageTest(webapi);

describe('child tabs on the detail page', { timeout: 40_000 }, () => {
  it('leaves out the children a domain tab shows: a case gets one generic tab, for its items', () => {
    const shown = detailTabsOf(DOMAINS, 'patent').flatMap((tab) => (tab.childModel ? [tab.childModel] : []));
    expect(shown).toEqual(['patent_task', 'fee']);
    expect(genericChildTabs(patent, shown).map((child) => child.model)).toEqual(['patent_item']);
    expect(genericChildTabs(modelSchema({ fields: [] }), shown)).toEqual([]);
  });

  it('lists the parent’s child records with the child’s list, limited to the parent', async () => {
    const { container } = await page.open(`/model/patent/${CASE_SID}?tab=children-patent_item`);
    await waitUntil(
      () => container.querySelector('[data-testid="child-list-patent_item"] [data-testid="record-link"]') !== null,
    );
    expect(byTestId(container, 'tab-children-patent_item').textContent).toBe('官文与事件');
    // No second tab for the deadlines and fees: the case's own tabs show them.
    expect(container.querySelector('[data-testid="tab-children-patent_task"]')).toBeNull();
    expect(container.querySelector('[data-testid="tab-children-fee"]')).toBeNull();
    expect(byTestId(container, 'tab-deadlines').textContent).toBe(zh['patentTab.deadlines']);
    const list = byTestId(container, 'child-list-patent_item');
    expect(byTestId(list, 'record-link').textContent).toBe('第一次审查意见');
    const [search] = page.sent('/webapi/model/patent_item/do/search');
    expect((JSON.parse(search!.body) as { iql: string }).iql).toBe(`patent = '${CASE_SID}'`);
    // Search and export stay; the model's saved views and imports are on its own list.
    expect(list.querySelector('[data-testid="model-export"]')).not.toBeNull();
    expect(list.querySelector('[data-testid="model-import"]')).toBeNull();
  });

  it('opens the new form from the tab with the parent preset and locked, and sends it', async () => {
    const rendered = await page.open(`/model/patent/${CASE_SID}?tab=children-patent_item`);
    const { container, router } = rendered;
    await waitUntil(
      () => container.querySelector('[data-testid="child-list-patent_item"] [data-testid="model-new"]') !== null,
    );
    await click(byTestId(byTestId(container, 'child-list-patent_item'), 'model-new'));
    await waitUntil(() => router.state.location.pathname === '/model/patent_item/new');
    expect(router.state.location.search).toBe(`?patent=${CASE_SID}`);
    await waitUntil(() => container.querySelector('[data-testid="model-form"]') !== null);
    await settle();
    const item = byTestId(container, 'item-patent');
    // The parent's picker shows the case and cannot be changed.
    expect(item.querySelector('.ant-select-disabled, input:disabled')).not.toBeNull();
    // The other fields stay open.
    expect(byTestId(container, 'item-title').querySelector('input:disabled')).toBeNull();
    const title = byTestId<HTMLInputElement>(container, 'field-title');
    await typeInto(title, '受理通知书');
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => page.sent('/webapi/model/patent_item/do/create').length === 1);
    const [created] = page.sent('/webapi/model/patent_item/do/create');
    expect(JSON.parse(created!.body)).toEqual({ data: { title: '受理通知书', patent: CASE_SID } });
  });

  it('leaves the parent open when the form is opened without one', async () => {
    const { container } = await page.open('/model/patent_item/new');
    await waitUntil(() => container.querySelector('[data-testid="model-form"]') !== null);
    await settle();
    expect(byTestId(container, 'item-patent').querySelector('.ant-select-disabled, input:disabled')).toBeNull();
  });
});
