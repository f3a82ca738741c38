// The field-kind maps: one input and one cell renderer per core FieldKind (the Records make a missing
// kind a type error; this checks the same at run time), and what they show for real values.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_KINDS, messages, type FieldKind } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';
import { ANTD_LOCALES } from '../../app/antd-locale';
import { i18n, startI18n } from '../../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../../testing/local-server';
import { typeInto } from '../../testing/render';
import { schemaField, type FieldExtra } from '../../testing/schema-fixtures';
import { FIELD_CELLS, renderValue, type CellContext } from './cells';
import { FIELD_INPUTS, inputFor } from './inputs';
import type { FieldInputProps } from './types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const zh = messages['zh-CN'];
let root: Root | undefined;

beforeAll(async () => {
  // No server: the language pack falls back to the bundled zh-CN texts, pickers find nothing.
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

const field = (kind: FieldKind, extra: FieldExtra = {}) => schemaField('f', '字段', { kind, ...extra });

const options = [
  { value: 'invention', label: '发明' },
  { value: 'design', label: '外观设计' },
];

describe('the kind maps cover every kind', () => {
  it('has an input and a cell for each FieldKind and nothing else', () => {
    expect(Object.keys(FIELD_INPUTS).sort()).toEqual([...FIELD_KINDS].sort());
    expect(Object.keys(FIELD_CELLS).sort()).toEqual([...FIELD_KINDS].sort());
  });
});

describe('cells', () => {
  const context: CellContext = { t: i18n.t, language: 'zh-CN', variant: 'detail' };
  const cell = (value: unknown, shape: SchemaField): string => {
    const shown = renderValue(value, shape, context);
    return typeof shown === 'string' ? shown : renderToStaticMarkup(<>{shown}</>).replace(/<[^>]+>/g, '');
  };

  it('money with two decimals and thousands separators; numbers with at most their scale', () => {
    expect(cell(1234567.5, field('money', { data_type: 'decimal' }))).toBe('1,234,567.50');
    expect(cell(0, field('money', { data_type: 'decimal' }))).toBe('0.00');
    expect(cell(88.25, field('number', { data_type: 'decimal', scale: 1 }))).toBe('88.3');
    expect(cell(12000, field('number', { data_type: 'integer' }))).toBe('12,000');
  });

  it('options by their labels, a value the dictionary lost as itself', () => {
    expect(cell('invention', field('option', { data_type: 'key', options }))).toBe('发明');
    expect(cell(['invention', 'design', 'gone'], field('option', { data_type: 'key', options, multiple: true }))).toBe(
      '发明、外观设计、gone',
    );
  });

  it('several texts, numbers or dates joined by the list separator (applicants, IPC classes)', () => {
    expect(cell(['华为技术有限公司', 'Acme Co., Ltd.'], field('text', { multiple: true }))).toBe(
      '华为技术有限公司、Acme Co., Ltd.',
    );
    expect(cell([1200, 3], field('number', { data_type: 'integer', multiple: true }))).toBe('1,200、3');
    expect(cell(['2024-01-31', '2024-02-01'], field('date', { data_type: 'date', multiple: true }))).toBe(
      '2024-01-31、2024-02-01',
    );
  });

  it('a text in a table is one line cut by CSS, the whole text its tooltip, with nothing measured after drawing', () => {
    const long = '一种基于固态电解质的锂离子电池及其制备方法和在储能系统中的应用';
    const markup = renderToStaticMarkup(<>{renderValue(long, field('text'), { ...context, variant: 'table' })}</>);
    const span = new DOMParser().parseFromString(markup, 'text/html').body.firstElementChild as HTMLElement;
    expect(span.tagName).toBe('SPAN');
    expect(span.title).toBe(long);
    expect(span.textContent).toBe(long);
    expect(span.style.textOverflow).toBe('ellipsis');
    expect(span.style.whiteSpace).toBe('nowrap');
    // antd's measured ellipsis (a forced layout per cell) is what this replaced.
    expect(span.className).not.toContain('ant-typography');
  });

  it('a cascade path step by step', () => {
    const tree = [
      { value: 'cn', label: '中国' },
      { value: 'bj', label: '北京', parent: 'cn' },
    ];
    expect(cell(['cn', 'bj'], field('cascade', { data_type: 'key', options: tree, multiple: true }))).toBe(
      '中国 / 北京',
    );
  });

  it('booleans as yes / no, empty values as a dash, dates as they are, timestamps in local time', () => {
    expect(cell(true, field('boolean', { data_type: 'boolean' }))).toBe(zh['model.yes']);
    expect(cell(false, field('boolean', { data_type: 'boolean' }))).toBe(zh['model.no']);
    expect(cell(null, field('text'))).toBe('—');
    expect(cell([], field('option', { multiple: true }))).toBe('—');
    expect(cell('2024-01-31', field('date', { data_type: 'date' }))).toBe('2024-01-31');
    const at = new Date(2024, 0, 31, 8, 5, 9).toISOString();
    expect(cell(at, field('timestamp', { data_type: 'timestamp' }))).toBe('2024-01-31 08:05:09');
  });

  it('references and files by their IDs', () => {
    // (Users read as names: UserPicker.test.tsx.)
    expect(cell('Apl0000000000001', field('applicant', { data_type: 'ref' }))).toBe('Apl0000000000001');
    expect(cell(['File000000000001', 'File000000000002'], field('figure', { data_type: 'file' }))).toBe(
      'File000000000001、File000000000002',
    );
  });
});

describe('inputs', () => {
  async function mount(kind: FieldKind, props: Partial<FieldInputProps> & { field?: SchemaField } = {}) {
    const Input = FIELD_INPUTS[kind];
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tree: ReactNode = (
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES['zh-CN']}>
          <QueryClientProvider client={client}>
            <Input field={props.field ?? field(kind)} model="patent" testId="input" {...props} />
          </QueryClientProvider>
        </ConfigProvider>
      </I18nextProvider>
    );
    await act(async () => root?.render(tree));
    return container;
  }

  it('text counts against its maximum (spec §9 count/max) and gives the typed text', async () => {
    let changed: unknown;
    const container = await mount('text', {
      field: field('text', { max_length: 500 }),
      value: 'abc',
      onChange: (value) => (changed = value),
    });
    expect(container.querySelector('.ant-input-show-count-suffix')?.textContent).toBe('3 / 500');
    await typeInto(container.querySelector('input') as HTMLInputElement, 'abcd');
    expect(changed).toBe('abcd');
  });

  it('text over its maximum is kept as typed, counted and marked, never cut (issue 14)', async () => {
    let changed: unknown;
    const container = await mount('text', {
      field: field('text', { max_length: 11 }),
      value: '',
      onChange: (value) => (changed = value),
    });
    const input = container.querySelector('input') as HTMLInputElement;
    expect(input.hasAttribute('maxlength')).toBe(false);
    await typeInto(input, '138001380001');
    expect(changed).toBe('138001380001');
    act(() => root?.unmount());
    const over = await mount('text', { field: field('text', { max_length: 11 }), value: '138001380001' });
    expect(over.querySelector('.ant-input-show-count-suffix')?.textContent).toBe('12 / 11');
    expect(over.querySelector('.ant-input-out-of-range')).not.toBeNull();
  });

  it('a multiple text is a tag box; a tag over the maximum is marked', async () => {
    const Input = inputFor(field('text', { multiple: true, max_length: 5 }));
    const box = document.createElement('div');
    document.body.append(box);
    root = createRoot(box);
    await act(async () =>
      root?.render(
        <I18nextProvider i18n={i18n}>
          <Input
            field={field('text', { multiple: true, max_length: 5 })}
            model="patent"
            value={['H01M', 'G06F16/00']}
          />
        </I18nextProvider>,
      ),
    );
    expect(box.querySelector('.ant-select-multiple')).not.toBeNull();
    const tags = [...box.querySelectorAll('.ant-tag')];
    expect(tags.map((tag) => tag.textContent)).toEqual(['H01M', 'G06F16/00']);
    expect(tags.map((tag) => tag.classList.contains('ant-tag-error'))).toEqual([false, true]);
  });

  it('other kinds declared multiple are repeatable rows of their own input', async () => {
    let changed: unknown;
    const Input = inputFor(field('number', { data_type: 'decimal', multiple: true }));
    const box = document.createElement('div');
    document.body.append(box);
    root = createRoot(box);
    await act(async () =>
      root?.render(
        <I18nextProvider i18n={i18n}>
          <Input
            field={field('number', { data_type: 'decimal', multiple: true })}
            model="patent"
            value={[3, 5]}
            onChange={(value) => (changed = value)}
            testId="input"
          />
        </I18nextProvider>,
      ),
    );
    const inputs = [...box.querySelectorAll<HTMLInputElement>('input')];
    expect(inputs.map((input) => input.value)).toEqual(['3', '5']);
    await act(async () => box.querySelector<HTMLElement>('[data-testid="input-remove-0"]')?.click());
    expect(changed).toEqual([5]);
    await act(async () => box.querySelector<HTMLElement>('[data-testid="input-add"]')?.click());
    expect(changed).toEqual([3, 5, null]);
  });

  it('long text is a text area with a count', async () => {
    const container = await mount('longText', { field: field('longText', { max_length: 5000 }), value: '摘要' });
    expect(container.querySelector('textarea')?.value).toBe('摘要');
    expect(container.querySelector('[data-count]')?.getAttribute('data-count')).toBe('2 / 5000');
  });

  it('money shows thousands separators and two decimals', async () => {
    const container = await mount('money', { field: field('money', { data_type: 'decimal' }), value: 1234567.5 });
    expect(container.querySelector('input')?.value).toBe('1,234,567.50');
  });

  it('dates and timestamps show the API value in the picker', async () => {
    const date = await mount('date', { field: field('date', { data_type: 'date' }), value: '2024-01-31' });
    expect(date.querySelector('input')?.value).toBe('2024-01-31');
    act(() => root?.unmount());
    const at = new Date(2024, 0, 31, 8, 5, 9).toISOString();
    const time = await mount('timestamp', { field: field('timestamp', { data_type: 'timestamp' }), value: at });
    expect(time.querySelector('input')?.value).toBe('2024-01-31 08:05:09');
  });

  it('boolean is a switch', async () => {
    const container = await mount('boolean', { field: field('boolean', { data_type: 'boolean' }), value: true });
    expect(container.querySelector('button[role="switch"]')?.getAttribute('aria-checked')).toBe('true');
  });

  it('options are a select, several at once when the field is multiple', async () => {
    const single = await mount('option', { field: field('option', { data_type: 'key', options }), value: 'design' });
    expect(single.querySelector('.ant-select-single')).not.toBeNull();
    expect(single.textContent).toContain('外观设计');
    act(() => root?.unmount());
    const many = await mount('patternType', {
      field: field('patternType', { data_type: 'key', options, multiple: true }),
      value: ['invention', 'design'],
    });
    expect(many.querySelector('.ant-select-multiple')).not.toBeNull();
    expect(many.textContent).toContain('发明');
  });

  it('cascade is a cascader', async () => {
    const container = await mount('cascade', { field: field('cascade', { data_type: 'key', multiple: true }) });
    expect(container.querySelector('.ant-cascader')).not.toBeNull();
  });

  it('a user is picked from a search by name', async () => {
    const container = await mount('user', { field: field('user', { data_type: 'ref' }) });
    expect(container.querySelector('.ant-select')).not.toBeNull();
    expect(container.textContent).toContain(zh['userPicker.placeholder']);
  });

  it('references into declared models are searched; others are typed as IDs', async () => {
    const project = await mount('project', { field: field('project', { data_type: 'ref', target: 'project' }) });
    expect(project.querySelector('.ant-select')).not.toBeNull();
    act(() => root?.unmount());
    // Agencies and experts are declared models (experts since issue 18).
    const agency = await mount('agency', { field: field('agency', { data_type: 'ref', target: 'agency' }) });
    expect(agency.querySelector('.ant-select')).not.toBeNull();
    act(() => root?.unmount());
    const expert = await mount('expert', { field: field('expert', { data_type: 'ref', target: 'expert' }) });
    expect(expert.querySelector('.ant-select')).not.toBeNull();
    act(() => root?.unmount());
    // A target this build does not declare (a newer server's) is typed as an ID.
    const unknown = await mount('invoice', { field: field('invoice', { data_type: 'ref', target: 'no_such_model' }) });
    expect(unknown.textContent).toContain(zh['modelField.refHint']);
  });

  it('a company is picked from a search by name', async () => {
    const container = await mount('company', { field: field('company', { data_type: 'ref', target: 'company' }) });
    expect(container.querySelector('.ant-select')).not.toBeNull();
    expect(container.textContent).toContain(zh['modelField.pickerPlaceholder']);
    expect(container.textContent).not.toContain(zh['modelField.refHint']);
  });

  it('a department is picked from a tree', async () => {
    const container = await mount('organization', { field: field('organization', { data_type: 'ref' }) });
    expect(container.querySelector('.ant-tree-select, .ant-select')).not.toBeNull();
    expect(container.textContent).toContain(zh['deptPicker.placeholder']);
  });

  it('design samples and figures are an upload of images (a design sample also PDF), listing what the field holds', async () => {
    const container = await mount('figure', {
      field: field('figure', { data_type: 'file', multiple: true }),
      value: ['File000000000001'],
    });
    expect(container.querySelector('input[type="file"]')?.getAttribute('accept')).toBe(
      '.png,.jpg,.jpeg,.gif,.tif,.tiff',
    );
    expect(container.textContent).toContain('File000000000001');
    expect(container.textContent).toContain('支持 PNG, JPEG, GIF, TIFF，每个文件不超过 10 MB，最多 20 个');
    act(() => root?.unmount());
    const sample = await mount('designSample', { field: field('designSample', { data_type: 'file', multiple: true }) });
    expect(sample.querySelector('input[type="file"]')?.getAttribute('accept')).toContain('.pdf');
  });
});
