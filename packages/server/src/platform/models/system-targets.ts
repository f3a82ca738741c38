// Reference targets that are tables of their own rather than declared models: their table, which of
// their rows may be referenced (spec §4 "invalid data cannot be referenced"), the column that names a
// row where a record points at it, and the columns iql can reach through a relation.
import type { DataType, SystemTargetName } from '@ipdesk/core';

export interface SystemTarget {
  table: string;
  /** SQL true for a row that may be referenced. */
  valid: string;
  /** The column that names a row (its title where a reference shows it). */
  title: string;
  fields: Readonly<Record<string, DataType>>;
}

// Exactly core's SYSTEM_TARGET_NAMES (which the admin dialog offers reference kinds by), no more, no fewer.
const TARGETS = {
  user_info: {
    table: 'user_account',
    valid: 'status = 1',
    title: 'name',
    fields: { name: 'string', account: 'string', email: 'string', english_name: 'string' },
  },
  company: {
    table: 'company',
    valid: 'status = 1',
    title: 'company_name',
    fields: { company_name: 'string', simple_name: 'string' },
  },
  organization: { table: 'department', valid: 'status = 1', title: 'name', fields: {} },
} satisfies Record<SystemTargetName, SystemTarget>;

export const SYSTEM_TARGETS: Readonly<Record<string, SystemTarget>> = TARGETS;
