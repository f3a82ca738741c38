// Reference targets that are tables of their own rather than declared models: their table, which of
// their rows may be referenced (spec §4 "invalid data cannot be referenced"), and the columns iql can
// reach through a relation.
import type { DataType } from '@ipdesk/core';

export interface SystemTarget {
  table: string;
  /** SQL true for a row that may be referenced. */
  valid: string;
  fields: Readonly<Record<string, DataType>>;
}

export const SYSTEM_TARGETS: Readonly<Record<string, SystemTarget>> = {
  user_info: {
    table: 'user_account',
    valid: 'status = 1',
    fields: { name: 'string', account: 'string', email: 'string', english_name: 'string' },
  },
  company: { table: 'company', valid: 'status = 1', fields: { company_name: 'string', simple_name: 'string' } },
  organization: { table: 'department', valid: 'status = 1', fields: {} },
};
