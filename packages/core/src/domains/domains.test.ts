import { describe, expect, it } from 'vitest';
import { assertDomains, domainProblems, errors } from '../errors/catalogue.js';
import { messages, messagesOf } from '../i18n/index.js';
import { defineModel, field } from '../models/define.js';
import { MODEL_CATALOG } from '../models/catalog/index.js';
import { DEFAULT_MENUS, defaultMenus, MenuParentError, type DefaultMenu } from '../rbac/menus.js';
import { DEFAULT_ROLES, defaultRoles } from '../rbac/default-roles.js';
import { DEADLINES_RESOURCE, resourceCatalog } from '../rbac/resources.js';
import { DOMAIN_ERROR_DECLARATIONS, DOMAIN_ERRORS } from './errors.js';
import { DOMAINS, modelsOf, patentsDomain } from './index.js';
import { codeBands, domainError, domainMessages, type CoreDomain } from './types.js';

const keys = (menus: readonly DefaultMenu[]): string[] => menus.flatMap((m) => [m.key, ...keys(m.children ?? [])]);

const gadget = defineModel({
  name: 'gadget',
  label: { zh: '小工具', en: 'Gadgets' },
  titleField: 'name',
  fields: { name: field('text', { label: { zh: '名称', en: 'Name' }, required: true }) },
});

const sample: CoreDomain = {
  name: 'sample',
  models: [gadget],
  dictionaries: [],
  menus: [{ key: 'gadget', label: gadget.label, resource: 'gadget', path: '/model/gadget', icon: 'setting', sort: 85 }],
  resources: [],
  grants: { ip_specialist: ['gadget'] },
  errors: { ranges: codeBands([409], 990, 999), codes: { gadgetJammed: domainError(409990, 409, 'sample.jammed') } },
  messages: domainMessages({ 'sample.jammed': '小工具卡住了' }, { 'sample.jammed': 'The gadget is jammed' }),
};

describe('domains', () => {
  it('each domain keeps its error codes unique and inside its declared ranges, apart from the others', () => {
    expect(domainProblems(DOMAINS)).toEqual([]);
    for (const domain of DOMAINS)
      for (const [name, error] of Object.entries(domain.errors.codes)) {
        expect(domain.errors.ranges.some(([from, to]) => error.code >= from && error.code <= to)).toBe(true);
        // In the typed catalogue under its name, with its code.
        expect(errors).toHaveProperty([name, 'code'], error.code);
      }
  });

  it("gathers the error codes of exactly the domains' manifests, without loading them", () => {
    const declaring = DOMAINS.filter((domain) => Object.keys(domain.errors.codes).length > 0);
    // The same objects, in DOMAINS order: a domain whose errors file is missing from domains/errors.ts (or listed
    // there but not in its manifest) fails here.
    expect(DOMAIN_ERROR_DECLARATIONS).toEqual(declaring.map((domain) => domain.errors));
    DOMAIN_ERROR_DECLARATIONS.forEach((declaration, i) => expect(declaration).toBe(declaring[i]!.errors));
    expect(DOMAIN_ERRORS).toEqual(Object.assign({}, ...DOMAINS.map((domain) => domain.errors.codes)));
  });

  it('the catalogue, menus and texts are the platform plus each domain', () => {
    expect(MODEL_CATALOG).toEqual(modelsOf(DOMAINS));
    expect(keys(DEFAULT_MENUS)).toEqual(expect.arrayContaining(['patent', 'docket', 'my_work', 'person']));
    for (const key of Object.keys(patentsDomain.messages['zh-CN']))
      expect(messages['zh-CN'][key as keyof (typeof messages)['zh-CN']]).toBeTruthy();
  });

  it('a domain declared elsewhere gets its menu, resources, grants, codes and texts from the same loops', () => {
    const domains = [...DOMAINS, sample];
    assertDomains(domains);
    const menus = defaultMenus(domains);
    // Between papers (80) and System settings (900).
    expect(menus.map((m) => m.key).slice(-2)).toEqual(['gadget', 'system']);
    const catalog = resourceCatalog(modelsOf(domains), domains);
    expect(catalog.byCode('gadget:create')?.level).toBe('system');
    expect(defaultRoles(domains).find((r) => r.code === 'ip_specialist')?.resources).toContain('gadget');
    expect(messagesOf(domains).en['sample.jammed']).toBe('The gadget is jammed');
    expect(defaultMenus(DOMAINS)).toEqual(DEFAULT_MENUS);
  });

  it('gives the pages of every kind of deadline to the default roles that may view a deadline store', () => {
    const holding = (code: string) => DEFAULT_ROLES.filter((r) => r.resources.includes(code)).map((r) => r.code);
    // ip_specialist and department_lead view patent_task and trademark_deadline; inventors and agents neither.
    expect(holding(DEADLINES_RESOURCE)).toEqual(['ip_specialist', 'department_lead']);
    expect(holding('patent_task')).toEqual(['ip_specialist', 'department_lead']);
    const group = DEFAULT_MENUS.find((m) => m.key === 'deadlines');
    expect(group?.children?.map((m) => [m.key, m.resource, m.path])).toEqual([
      ['all_deadlines', DEADLINES_RESOURCE, '/deadlines'],
      ['deadline_calendar', DEADLINES_RESOURCE, '/patents/calendar'],
    ]);
    // The cases' own list stays under the patent docket.
    const docket = DEFAULT_MENUS.find((m) => m.key === 'docket');
    expect(docket?.children?.map((m) => m.key)).toContain('patent_task');
    expect(keys(DEFAULT_MENUS).filter((key) => key === 'deadline_calendar')).toHaveLength(1);
  });

  it('refuses domains that declare the same model twice', () => {
    const twin: CoreDomain = { ...sample, name: 'twin', errors: { ranges: [], codes: {} } };
    expect(() => assertDomains([...DOMAINS, sample, twin])).toThrow(/model gadget is declared by sample and twin/);
  });

  it('refuses overlapping error ranges, codes outside their range and codes taken by the platform', () => {
    const overlapping: CoreDomain = { ...sample, models: [], errors: { ranges: [[409350, 409360]], codes: {} } };
    expect(() => assertDomains([...DOMAINS, overlapping])).toThrow(/error ranges of patents .* and sample .* overlap/);
    const outside: CoreDomain = {
      ...sample,
      errors: { ranges: codeBands([409], 990, 999), codes: { x: domainError(409989, 409, 'sample.jammed') } },
    };
    expect(domainProblems([outside])).toEqual(["error code 409989 (sample.x) is outside the domain's ranges"]);
    const taken: CoreDomain = {
      ...sample,
      errors: { ranges: [[409000, 409000]], codes: { x: domainError(409000, 409, 'sample.jammed') } },
    };
    expect(domainProblems([taken])).toEqual(["error code 409000 (sample.x) is also the platform's"]);
  });

  it('refuses a menu under a group no domain declares', () => {
    const lost: CoreDomain = { ...sample, menus: [{ ...sample.menus[0]!, parent: 'nowhere' }] };
    expect(() => defaultMenus([...DOMAINS, lost])).toThrow(MenuParentError);
  });
});
