// Issue 14: every multiple-value field of every declared model is edited as several values and
// round-trips: the form opens on a record's two values and shows both, what create sends is the list,
// and removing one in the input sends the remaining one on update. The fields are found by walking the
// core declarations, so a multiple field declared later is covered without touching this test.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Form, type FormInstance } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DICTIONARIES, dataTypeOf, MODEL_CATALOG, type FieldDeclaration, type FieldKind } from '@ipdesk/core';
import type { ModelRow, ModelSchema, SchemaField } from '../../api/model';
import { ANTD_LOCALES } from '../../app/antd-locale';
import { i18n, startI18n } from '../../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../../testing/local-server';
import { inputFor } from '../fields/inputs';
import { changedData, createData, fieldRules, initialValues, type FormValues } from './form-values';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

beforeAll(async () => {
  // No server: pickers of referenced records find nothing and show the ids they hold.
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

/** The schema endpoint's view of a declared field (routes/models.ts), in Chinese. */
function schemaField(name: string, declaration: FieldDeclaration): SchemaField {
  const dictionary = BUILT_IN_DICTIONARIES.find((candidate) => candidate.name === declaration.dictionary);
  return {
    name,
    label: declaration.label.zh,
    labels: declaration.label,
    kind: declaration.kind,
    data_type: dataTypeOf(declaration),
    system: false,
    multiple: declaration.multiple,
    required: declaration.required,
    unique: declaration.unique,
    min_length: declaration.minLength ?? null,
    max_length: declaration.maxLength ?? null,
    min: declaration.min ?? null,
    max: declaration.max ?? null,
    scale: declaration.scale ?? null,
    dictionary: declaration.dictionary ?? null,
    target: declaration.target ?? null,
    options: dictionary ? dictionary.options.map((option) => ({ value: option.key, label: option.label.zh })) : null,
    flags: declaration.flags,
  };
}

const MULTIPLE_FIELDS = MODEL_CATALOG.flatMap((model) =>
  Object.entries(model.fields)
    .filter(([, declaration]) => declaration.multiple && !declaration.managed)
    .map(([name, declaration]) => ({ model: model.name, field: schemaField(name, declaration) })),
);

/** Two values of a field and how each reads in its input. */
function samples(field: SchemaField): Array<{ value: unknown; shown: string }> {
  const options = field.options ?? [];
  const byKind: Partial<Record<FieldKind, () => Array<{ value: unknown; shown: string }>>> = {
    text: () => [
      { value: '华为技术有限公司', shown: '华为技术有限公司' },
      { value: 'Acme Co., Ltd.', shown: 'Acme Co., Ltd.' },
    ],
    option: () => options.slice(0, 2).map((option) => ({ value: option.value, shown: option.label })),
    // Fields of expertise: the tech territory dictionary's options where it has them, else keys shown as they are.
    techTerritory: () =>
      options.length >= 2
        ? options.slice(0, 2).map((option) => ({ value: option.value, shown: option.label }))
        : [
            { value: 'x_ai', shown: 'x_ai' },
            { value: 'x_battery', shown: 'x_battery' },
          ],
    // A virtual organisation's members: with no server the user picker shows the sids it holds.
    user: () => [
      { value: 'User000000000001', shown: 'User000000000001' },
      { value: 'User000000000002', shown: 'User000000000002' },
    ],
    // Applicant records (issue 18): with no server the picker shows the ids it holds.
    applicant: () => [
      { value: 'Applicant0000001', shown: 'Applicant0000001' },
      { value: 'Applicant0000002', shown: 'Applicant0000002' },
    ],
  };
  const make = byKind[field.kind];
  if (!make) throw new Error(`no samples for multiple ${field.kind} fields: add them here`);
  return make();
}

async function mountForm(
  model: string,
  field: SchemaField,
  values: FormValues,
): Promise<{
  container: HTMLElement;
  form: FormInstance<FormValues>;
}> {
  const Input = inputFor(field);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let instance: FormInstance<FormValues> | undefined;
  function Harness() {
    const [form] = Form.useForm<FormValues>();
    instance = form;
    return (
      <Form<FormValues> form={form} initialValues={values}>
        <Form.Item name={field.name} rules={fieldRules(field, model, i18n.t, 'update')}>
          <Input field={field} model={model} testId="input" />
        </Form.Item>
      </Form>
    );
  }
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES['zh-CN']}>
          <QueryClientProvider client={client}>
            <Harness />
          </QueryClientProvider>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
  return { container, form: instance as FormInstance<FormValues> };
}

describe('multiple-value fields of the declared models', () => {
  it('finds them, the patent applicants and IPC classes among them', () => {
    const names = MULTIPLE_FIELDS.map(({ model, field }) => `${model}.${field.name}`);
    expect(names).toEqual(expect.arrayContaining(['patent.applicants', 'patent.ipc', 'trademarks.nice_classes']));
  });

  it.each(MULTIPLE_FIELDS.map((entry) => [`${entry.model}.${entry.field.name}`, entry] as const))(
    '%s: several values shown, created, and one removed on edit',
    async (_name, { model, field }) => {
      const [first, second] = samples(field);
      if (!first || !second) throw new Error(`${model}.${field.name}: no two sample values`);
      const schema: ModelSchema = { name: model, label: model, title_field: field.name, fields: [field] };
      const record: ModelRow = { sid: 'Rec0000000000001', version: 1, [field.name]: [first.value, second.value] };

      const { container, form } = await mountForm(model, field, initialValues(schema, record));
      // A multiple-value input: a select of several (tags or options), never a single text box.
      expect(container.querySelector('.ant-select-multiple')).not.toBeNull();
      expect(container.querySelector('input.ant-input')).toBeNull();
      expect(container.textContent).toContain(first.shown);
      expect(container.textContent).toContain(second.shown);

      // As opened, the values are valid and create would send the list.
      await act(async () => {
        await form.validateFields();
      });
      expect(createData(schema, form.getFieldsValue(true))).toEqual({ [field.name]: [first.value, second.value] });

      // Removing the first value in the input: update sends the one left.
      const remove = container.querySelector<HTMLElement>('.ant-tag-close-icon, .ant-select-selection-item-remove');
      if (!remove) throw new Error('no way to remove a value');
      await act(async () => remove.click());
      expect(changedData(schema, record, form.getFieldsValue(true))).toEqual({ [field.name]: [second.value] });
      expect(container.textContent).not.toContain(first.shown);
    },
  );
});
