// Which lifecycle actions to offer for some records: those the reader holds (schema `allowed`) that every
// one of the records lists in its `_actions` (the server's verdict on its status), in declaration order.
import type { LifecycleActionAnswer } from '@ipdesk/core';
import type { ModelRow, ModelSchema } from '../../api/model';

export const ACTIONS_KEY = '_actions';

function actionsOf(record: ModelRow): readonly string[] {
  const listed = record[ACTIONS_KEY];
  return Array.isArray(listed) ? listed.filter((name): name is string => typeof name === 'string') : [];
}

export function offeredActions(schema: ModelSchema, records: readonly ModelRow[]): LifecycleActionAnswer[] {
  const actions = schema.lifecycle?.actions ?? [];
  if (records.length === 0) return [];
  return actions.filter(
    (action) => action.allowed && records.every((record) => actionsOf(record).includes(action.name)),
  );
}

/** For a selection in a list: the actions at least one selected record may take (the rest are refused per record). */
export function batchActions(schema: ModelSchema, records: readonly ModelRow[]): LifecycleActionAnswer[] {
  const actions = schema.lifecycle?.actions ?? [];
  return actions.filter(
    (action) => action.allowed && records.some((record) => actionsOf(record).includes(action.name)),
  );
}
