// What the reference picker asks the generic search and how it names what it finds: the typed words
// among the records a reference may point at (an invalid applicant is never offered; the server refuses
// it too), and titles in the reader's language (an applicant's English name for en, else its name).
import { parseIql } from '@ipdesk/core';
import { describe, expect, it } from 'vitest';
import { recordTitle, referableIql, titleFieldsOf } from '../reference-title';
import { pickerIql } from './RefPicker';

describe('reference picker query', () => {
  it('searches applicants by the typed words, leaving out invalid ones, in valid iql', () => {
    const iql = pickerIql('applicant', '艾克米')!;
    expect(iql).toContain("status NOT IN ('invalid')");
    expect(iql).toContain('艾克米');
    expect(() => parseIql(iql)).not.toThrow();
    expect(pickerIql('applicant', '  ')).toBe("((status IS NULL OR status NOT IN ('invalid')))");
    expect(() => parseIql(pickerIql('applicant', '')!)).not.toThrow();
  });

  it('adds nothing for a target without a validity rule', () => {
    expect(referableIql('project')).toBeUndefined();
    expect(pickerIql('project', '')).toBeUndefined();
    expect(referableIql('person')).toBe("(status IS NULL OR status NOT IN ('resigned'))");
  });

  it('names an applicant in the reader’s language, falling back to its name', () => {
    const fields = titleFieldsOf('applicant', 'name');
    expect(fields).toEqual(['name', 'name_en']);
    const row = { sid: 'x', name: '艾克米科技有限公司', name_en: 'Acme Technology Co., Ltd.' };
    expect(recordTitle(row, fields, 'applicant', 'zh-CN')).toBe('艾克米科技有限公司');
    expect(recordTitle(row, fields, 'applicant', 'en')).toBe('Acme Technology Co., Ltd.');
    expect(recordTitle({ name: '某大学', name_en: null }, fields, 'applicant', 'en')).toBe('某大学');
    expect(recordTitle({ name: '', name_en: '' }, fields, 'applicant', 'en')).toBeUndefined();
    // A case still reads as case number and title.
    expect(recordTitle({ sn: 'CN-1', title: '锂电池' }, titleFieldsOf('patent', 'title'), 'patent', 'en')).toBe(
      'CN-1 锂电池',
    );
  });
});
