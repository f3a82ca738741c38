// A record's lifecycle status as a coloured tag (the colour the model declares, the label the tenant's status
// dictionary gives), beside its title on the detail page and in the status column of lists.
import { Tag } from 'antd';
import type { ModelSchema } from '../../api/model';

export function statusLook(schema: ModelSchema, value: unknown): { label: string; color: string } | undefined {
  const status = schema.lifecycle?.statuses.find((candidate) => candidate.key === value);
  return status && { label: status.label, color: status.color };
}

export function StatusTag({ schema, value }: { schema: ModelSchema; value: unknown }) {
  const look = statusLook(schema, value);
  if (!look) return null;
  return (
    <Tag color={look.color === 'default' ? undefined : look.color} data-testid="record-status">
      {look.label}
    </Tag>
  );
}
