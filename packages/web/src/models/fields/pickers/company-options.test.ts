// The company picker's offer: the tenant's companies by name, searched by name, short name or initials,
// disabled ones left out unless already chosen (then shown, not choosable).
import { describe, expect, it } from 'vitest';
import { companyOptions } from './company-options';

const rows = [
  { sid: 'Company000000001', company_name: '艾克米集团', simple_name: '艾克米', cname_capital: 'AKM', status: 1 },
  { sid: 'Company000000002', company_name: 'Acme East Ltd', simple_name: null, cname_capital: null, status: 1 },
  { sid: 'Company000000003', company_name: '已停用分公司', simple_name: null, cname_capital: 'TY', status: 0 },
] as const;

describe('company picker options', () => {
  it('offers the valid companies by name, matching name, short name or initials without case or spaces', () => {
    expect(companyOptions(rows, '', new Set(), ' (disabled)')).toEqual([
      { value: 'Company000000001', label: '艾克米集团' },
      { value: 'Company000000002', label: 'Acme East Ltd' },
    ]);
    expect(companyOptions(rows, 'akm', new Set(), '').map((o) => o.value)).toEqual(['Company000000001']);
    expect(companyOptions(rows, 'acme east', new Set(), '').map((o) => o.value)).toEqual(['Company000000002']);
    expect(companyOptions(rows, '集团', new Set(), '').map((o) => o.label)).toEqual(['艾克米集团']);
    expect(companyOptions(rows, 'ty', new Set(), '')).toEqual([]);
  });

  it('keeps a chosen company shown by name, a disabled one not choosable', () => {
    expect(companyOptions(rows, 'acme', new Set(['Company000000003', 'Company000000001']), ' (disabled)')).toEqual([
      { value: 'Company000000001', label: '艾克米集团' },
      { value: 'Company000000002', label: 'Acme East Ltd' },
      { value: 'Company000000003', label: '已停用分公司 (disabled)', disabled: true },
    ]);
  });
});
