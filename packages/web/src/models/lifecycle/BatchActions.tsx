// Lifecycle actions on a list's selection (spec §5: select at least one) or, as batch edit offers it, on every
// record the list's current search finds: a menu of the actions the reader holds that some selected record
// may take. The server runs it record by record and refuses the others one by one, so the dialog ends with
// what was done and what was not.
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LifecycleActionAnswer } from '@ipdesk/core';
import type { ModelRow, ModelSchema } from '../../api/model';
import { lazyPart } from '../../components/lazy-part';
import { batchActions } from './offered';

/** Loaded when an action is chosen: the list draws its buttons, not their forms. */
const ActionDialog = lazyPart(async () => (await import('./ActionDialog')).ActionDialog);
/** What the buttons load on first use, for the list to load ahead. */
export const BATCH_ACTION_PARTS = [ActionDialog];

export interface BatchActionsProps {
  schema: ModelSchema;
  selected: readonly ModelRow[];
  onRan: () => Promise<void>;
  /** The list's current search and how many it finds: offered as the records instead of the selection. */
  search?: { iql: string; count: number | undefined };
}

export function BatchActions({ schema, selected, onRan, search }: BatchActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState<{ action: LifecycleActionAnswer; rows: ModelRow[] }>();
  const held = (schema.lifecycle?.actions ?? []).filter((action) => action.allowed);
  if (held.length === 0) return null;
  const offered = new Set(batchActions(schema, selected).map((action) => action.name));
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: held.map((action) => ({
            key: action.name,
            label: <span data-testid={`batch-action-${action.name}`}>{action.label}</span>,
            disabled: selected.length > 0 && !offered.has(action.name),
          })),
          onClick: ({ key }) => {
            const action = held.find((candidate) => candidate.name === key);
            if (!action) return;
            if (selected.length === 0 && !search) {
              void message.warning(t('lifecycle.selectFirst'));
              return;
            }
            setOpen({ action, rows: [...selected] });
          },
        }}
      >
        <Button data-testid="batch-actions">
          {t('lifecycle.actions')} <DownOutlined />
        </Button>
      </Dropdown>
      {open && (
        <ActionDialog
          schema={schema}
          action={open.action}
          targets={open.rows.map((row) => ({
            sid: row.sid,
            version: row.version,
            title: String(row[schema.title_field] ?? row.sid),
          }))}
          subCompanySid={undefined}
          search={search}
          onClose={() => setOpen(undefined)}
          onRan={async (run) => {
            void message.info(t('lifecycle.summary', { done: run.done, started: run.started, refused: run.refused }));
            await onRan();
          }}
        />
      )}
    </>
  );
}
