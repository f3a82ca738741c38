// How the people dialogs name the record they act on: its title field, else its ID.
import type { DetailActionProps } from './types';

export function recordName({ schema, record }: Pick<DetailActionProps, 'schema' | 'record'>): string {
  const title = record[schema.title_field];
  return typeof title === 'string' && title !== '' ? title : record.sid;
}
