import { defineModel, field } from '../define.js';
import { defineLifecycle } from '../lifecycle.js';

// Spec §4 "Paper: draft, not_reported, reported, scored, abandon": written, then reported to the research
// office (with its approval where the tenant binds one), then scored; abandoned from any open status.
const paperLifecycle = defineLifecycle({
  field: 'status',
  initial: 'draft',
  statuses: {
    draft: { color: 'default' },
    not_reported: { color: 'blue' },
    reported: { color: 'gold' },
    scored: { color: 'green', final: true },
    abandon: { color: 'gray', final: true },
  },
  actions: {
    submit: { label: { zh: '提交', en: 'Submit' }, from: ['draft'], to: 'not_reported' },
    redraft: { label: { zh: '退回草稿', en: 'Back to draft' }, from: ['not_reported'], to: 'draft' },
    report: {
      label: { zh: '上报', en: 'Report' },
      from: ['not_reported'],
      to: 'reported',
      approval: { rejected: 'draft' },
    },
    score: {
      label: { zh: '评分', en: 'Score' },
      from: ['reported'],
      to: 'scored',
      sets: ['score'],
      requires: ['score'],
    },
    abandon: {
      label: { zh: '放弃', en: 'Abandon' },
      from: 'open',
      to: 'abandon',
      comment: 'required',
      confirm: { zh: '放弃后论文不能再上报或评分。', en: 'An abandoned paper can no longer be reported or scored.' },
    },
  },
});

export const scientificPaper = defineModel({
  name: 'scientific_paper',
  label: { zh: '论文', en: 'Paper' },
  titleField: 'title',
  lifecycle: paperLifecycle,
  fields: {
    title: field('text', {
      label: { zh: '论文题目', en: 'Title' },
      required: true,
      maxLength: 500,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    journal: field('text', {
      label: { zh: '期刊/会议', en: 'Journal or conference' },
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    authors: field('text', {
      label: { zh: '作者', en: 'Authors' },
      maxLength: 1000,
      flags: { keyword: true, tableColumn: true },
    }),
    doi: field('text', { label: { zh: 'DOI', en: 'DOI' }, maxLength: 128, flags: { searchFilter: true } }),
    publication_date: field('date', {
      label: { zh: '发表日期', en: 'Publication date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '论文状态', en: 'Status' },
      required: true,
      dictionary: 'paper_status',
      flags: { searchFilter: true, tableColumn: true },
    }),
    score: field('number', {
      label: { zh: '评分', en: 'Score' },
      min: 0,
      max: 100,
      scale: 1,
      flags: { searchFilter: true, tableColumn: true },
    }),
    keywords: field('longText', { label: { zh: '关键词', en: 'Keywords' }, maxLength: 3000, flags: { keyword: true } }),
  },
});
