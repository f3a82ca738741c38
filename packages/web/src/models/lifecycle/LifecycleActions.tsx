// The lifecycle actions a record offers its reader: those the server listed on the record (`_actions`: its
// status allows them and the reader holds their button), in the order the model declares them. Each opens
// the action dialog; after it ran the page reads the record, its history and the lists again.
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LifecycleActionAnswer } from '@ipdesk/core';
import type { ModelRow, ModelSchema } from '../../api/model';
import { ActionDialog } from './ActionDialog';
import { offeredActions } from './offered';

export interface LifecycleActionsProps {
  schema: ModelSchema;
  record: ModelRow;
  subCompanySid: string | undefined;
  onChanged: () => Promise<void>;
}

export function LifecycleActions({ schema, record, subCompanySid, onChanged }: LifecycleActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState<LifecycleActionAnswer>();
  const actions = offeredActions(schema, [record]);
  if (actions.length === 0) return null;
  const title = record[schema.title_field];
  return (
    <>
      {actions.map((action) => (
        <Button key={action.name} onClick={() => setOpen(action)} data-testid={`action-${action.name}`}>
          {action.label}
        </Button>
      ))}
      {open && (
        <ActionDialog
          schema={schema}
          action={open}
          targets={[
            { sid: record.sid, version: record.version, title: typeof title === 'string' ? title : record.sid },
          ]}
          subCompanySid={subCompanySid}
          onClose={() => setOpen(undefined)}
          onRan={async (run) => {
            if (run.started) void message.success(t('lifecycle.startedOne', { action: open.label }));
            else if (run.done) void message.success(t('lifecycle.doneOne', { action: open.label }));
            if (run.done || run.started) await onChanged();
          }}
        />
      )}
    </>
  );
}
