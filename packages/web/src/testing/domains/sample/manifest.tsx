// The web half of a domain that exists only in the test suite: one tab on its model's detail page.
// Its label key is the sample's own (core half: packages/server/test/domains/sample/core.ts), which the
// build's MessageKey does not list, so the test adds its text to the language pack.
import type { MessageKey } from '@ipdesk/core';
import type { DetailTabProps, WebDomain } from '../../../domains/types';

function GadgetPanel({ record }: DetailTabProps) {
  return <div data-testid="sample-gadget-panel">{record.sid}</div>;
}

export const SAMPLE_TEXTS = { 'zh-CN': { 'sample.tab': '小工具面板' }, en: { 'sample.tab': 'Gadget panel' } };

export const sampleWeb: WebDomain = {
  name: 'sample',
  detailTabs: {
    sample_gadget: [{ key: 'gadget_panel', labelKey: 'sample.tab' as MessageKey, Component: GadgetPanel }],
  },
};
