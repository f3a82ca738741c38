import { describe, expect, it } from 'vitest';
import { comparableName, defineModel, field, referenceTitleIn } from '../../../models/define.js';
import { applicant, applicantIssues } from './applicant.js';

describe('applicant', () => {
  it('takes a valid credit code for an organisation and an ID card for a person', () => {
    expect(applicantIssues({ applicant_type: 'enterprise', credit_code: '91350100M000100Y43' })).toEqual([]);
    expect(
      applicantIssues({ applicant_type: 'individual', id_type: 'id_card', id_number: '11010519491231002X' }),
    ).toEqual([]);
  });

  it('refuses a wrong check character, a malformed code and codes on the wrong kind of applicant', () => {
    expect(applicantIssues({ applicant_type: 'university', credit_code: '91350100M000100Y44' })).toEqual([
      { field: 'credit_code', messageKey: 'validation.idCardCheckDigit' },
    ]);
    expect(applicantIssues({ applicant_type: 'enterprise', credit_code: '91350100O000100Y43' })).toEqual([
      { field: 'credit_code', messageKey: 'validation.usccFormat' },
    ]);
    expect(applicantIssues({ applicant_type: 'individual', credit_code: '91350100M000100Y43' })).toEqual([
      { field: 'credit_code', messageKey: 'validation.usccForOrganisations' },
    ]);
    expect(
      applicantIssues({ applicant_type: 'institute', id_type: 'id_card', id_number: '11010519491231002X' }),
    ).toEqual([{ field: 'id_number', messageKey: 'validation.idNumberForIndividuals' }]);
    // The persons' ID card rule, reused.
    expect(
      applicantIssues({ applicant_type: 'individual', id_type: 'id_card', id_number: '110105194912310021' }),
    ).toEqual([{ field: 'id_number', messageKey: 'validation.idCardCheckDigit' }]);
  });

  it('reads its title in the reader’s language, falling back to the name', () => {
    const both = { name: '厦门某某科技有限公司', name_en: 'Xiamen Moumou Technology Co., Ltd.' };
    expect(referenceTitleIn(applicant, both, 'zh-CN')).toBe('厦门某某科技有限公司');
    expect(referenceTitleIn(applicant, both, 'en')).toBe('Xiamen Moumou Technology Co., Ltd.');
    expect(referenceTitleIn(applicant, { name: '某大学', name_en: ' ' }, 'en')).toBe('某大学');
  });

  it('compares names without case or spaces', () => {
    expect(comparableName(' ACME  Inc.\u3000')).toBe(comparableName('acme inc.'));
    expect(comparableName('北京 大学')).toBe('北京大学');
  });

  it('refuses title and name fields that are not single text fields', () => {
    const fields = {
      name: field('text', { label: { zh: '名', en: 'Name' } }),
      n: field('number', { label: { zh: 'n', en: 'n' } }),
    };
    expect(() =>
      defineModel({ name: 'x', label: { zh: 'x', en: 'x' }, titleField: 'name', fields, nameFields: ['n'] }),
    ).toThrow(/not a declared single text field/);
    expect(() =>
      defineModel({
        name: 'x',
        label: { zh: 'x', en: 'x' },
        titleField: 'name',
        fields,
        titleByLanguage: { en: ['missing'] },
      }),
    ).toThrow(/not a declared single text field/);
  });
});
