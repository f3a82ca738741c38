import { defineModel, field } from '../define.js';

export const scientificPaper = defineModel({
  name: 'scientific_paper',
  label: { zh: '论文', en: 'Paper' },
  titleField: 'title',
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
