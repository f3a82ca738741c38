// The query box's check against the schema for the links between parents and children: `parent.<field>`
// passes on a model whose schema names its parent field (the parent's fields are the server's to know, as
// behind any relation) and is an unknown field elsewhere; HAS(...) is left to the server.
import { describe, expect, it } from 'vitest';
import { parseIql } from '../iql/index.js';
import { checkIqlFields, type IqlCheckField } from './iql-check.js';

const fields: IqlCheckField[] = [
  { name: 'title', dataType: 'string', multiple: false, masked: false },
  { name: 'patent', dataType: 'ref', multiple: false, masked: false },
];
const check = (text: string, parentField?: string) =>
  checkIqlFields(parseIql(text), fields, parentField ? { parentField } : {});

describe('checkIqlFields across parents and children', () => {
  it('takes parent.<field> through the schema’s parent field', () => {
    expect(check("parent.country = 'CN'", 'patent')).toBeUndefined();
    expect(check("parent.country = 'CN' ORDER BY parent.sn", 'patent')).toBeUndefined();
  });

  it('names parent.<field> an unknown field on a model without a parent', () => {
    expect(check("parent.country = 'CN'")).toMatchObject({
      messageKey: 'iql.semantic.unknownField',
      params: { field: 'parent.country', position: 1 },
    });
  });

  it('leaves HAS to the server, and still checks the fields around it', () => {
    expect(check("HAS(fee WHERE nope = 1) AND title = 'x'")).toBeUndefined();
    expect(check('HAS(fee) AND nope = 1')).toMatchObject({ params: { field: 'nope', position: 14 } });
  });
});
