import { describe, expect, it } from 'vitest';
import { subCompanyFromLink, withSubCompany } from './sub-company';

describe('the sub-company in a detail address (spec §2)', () => {
  it("adds the record's company when the address has none, keeping the other parameters", () => {
    expect(withSubCompany('', 'CompanyB00000002')).toBe('?sub_company_sid=CompanyB00000002');
    expect(withSubCompany('?tab=history', 'CompanyB00000002')).toBe('?tab=history&sub_company_sid=CompanyB00000002');
  });

  it('leaves an address that already names a company, and records without one', () => {
    expect(withSubCompany('?sub_company_sid=CompanyA00000001', 'CompanyB00000002')).toBeUndefined();
    expect(withSubCompany('?sub_company_sid=', 'CompanyB00000002')).toBeUndefined();
    expect(withSubCompany('', null)).toBeUndefined();
    expect(withSubCompany('', '')).toBeUndefined();
  });

  it("reads the record in the link's company only when the user belongs to it", () => {
    const mine = [{ sid: 'CompanyA00000001' }, { sid: 'CompanyB00000002' }];
    expect(subCompanyFromLink('?sub_company_sid=CompanyB00000002', mine)).toBe('CompanyB00000002');
    expect(subCompanyFromLink('?sub_company_sid=Elsewhere0000003', mine)).toBeUndefined();
    expect(subCompanyFromLink('', mine)).toBeUndefined();
  });
});
