// The core half of a domain that exists only in the test suite: one model, a console page with its
// resource, a default-role grant, one error code in its own range and its texts in both languages.
import {
  codeBands,
  defineModel,
  domainError,
  domainMessages,
  field,
  grantsOn,
  modelMenu,
  type CoreDomain,
} from '@ipdesk/core';

export const gadget = defineModel({
  name: 'sample_gadget',
  label: { zh: '小工具', en: 'Gadgets' },
  titleField: 'name',
  fields: { name: field('text', { label: { zh: '名称', en: 'Name' }, required: true }) },
});

export const SAMPLE_CONSOLE = 'sample.console';

const messages = domainMessages(
  { 'sample.error.jammed': '小工具 {{name}} 卡住了', 'sample.tab': '小工具面板' },
  { 'sample.error.jammed': 'Gadget {{name}} is jammed', 'sample.tab': 'Gadget panel' },
);

export const sampleDomain = {
  name: 'sample',
  models: [gadget],
  dictionaries: [],
  menus: [
    { ...modelMenu('sample_gadget', '小工具', 'Gadgets', 'setting'), sort: 85 },
    {
      key: 'sample_console',
      label: { zh: '小工具控制台', en: 'Gadget console' },
      resource: SAMPLE_CONSOLE,
      path: '/sample/console',
      icon: 'setting',
      parent: 'system',
      sort: 135,
    },
  ],
  resources: [
    {
      code: SAMPLE_CONSOLE,
      type: 'menu',
      parent: null,
      label: { zh: '小工具控制台', en: 'Gadget console' },
      level: 'system',
      sort: 990,
    },
  ],
  grants: { ip_specialist: [...grantsOn(['sample_gadget'], ['view']), SAMPLE_CONSOLE] },
  errors: {
    ranges: codeBands([409], 990, 999),
    codes: { gadgetJammed: domainError(409990, 409, 'sample.error.jammed') },
  },
  messages,
} satisfies CoreDomain<keyof (typeof messages)['zh-CN']>;
