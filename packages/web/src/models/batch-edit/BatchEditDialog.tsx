// The list's batch edit (docs/models.md "Batch edit"): the records (the selection, or every record the list's
// current search finds, up to BATCH_EDIT_MAX_RECORDS), one or more batch-editable fields with a value each in
// the field's usual input, a preview of how many records will change, then the run as a job: its progress
// until it ends, the counts and the records it could not change with the server's reason.
import { Alert, Button, Form, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BATCH_EDIT_MAX_RECORDS, RESULT_CODES } from '@ipdesk/core';
import { previewBatchEdit, startBatchEdit, type BatchPreview, type BatchSelection } from '../../api/batch-edit';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import type { ModelRow, ModelSchema } from '../../api/model';
import { FormNotice } from '../../components/FormNotice';
import { useSession } from '../../session/store';
import { inputFor } from '../fields/inputs';
import { actionValues, fieldRules, type FormValues } from '../form/form-values';
import { batchEditableFields } from './batch-fields';
import { BatchProgress } from './BatchProgress';
import { batchHistoryPath } from './paths';

type Scope = 'selected' | 'search';

/** Form names of the dialog's own inputs, apart from the fields' values (which use the field names). */
const SCOPE = '__scope';
const FIELDS = '__fields';

export interface BatchEditDialogProps {
  schema: ModelSchema;
  selected: readonly ModelRow[];
  /** The list's current search (empty: every record). */
  iql: string;
  onClose: () => void;
  /** When the batch has ended (the list reads its records again). */
  onFinished: () => void;
}

export function BatchEditDialog({ schema, selected, iql, onClose, onFinished }: BatchEditDialogProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const offered = batchEditableFields(schema);
  const chosenNames = (Form.useWatch(FIELDS, form) as string[] | undefined) ?? [];
  const chosen = offered.filter((field) => chosenNames.includes(field.name));
  const [preview, setPreview] = useState<BatchPreview>();
  const [notice, setNotice] = useState<VisibleNotice>();
  const [busy, setBusy] = useState<'preview' | 'run'>();
  const [batchSid, setBatchSid] = useState<string>();
  const max = new Intl.NumberFormat(i18n.language).format(BATCH_EDIT_MAX_RECORDS);

  /** The call's body from the form, once its rules pass; undefined when they do not. */
  const input = async (): Promise<{ selection: BatchSelection; values: Record<string, unknown> } | undefined> => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return undefined;
    }
    const scope = values[SCOPE] as Scope;
    const selection: BatchSelection = scope === 'selected' ? { sids: selected.map((row) => row.sid) } : { query: iql };
    return { selection, values: actionValues(chosen, values) };
  };

  const runPreview = async (): Promise<void> => {
    setNotice(undefined);
    const body = await input();
    if (!body) return;
    setBusy('preview');
    const outcome = await previewBatchEdit(schema.name, body, { silent: true });
    setBusy(undefined);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      return;
    }
    setPreview(outcome.data.data);
  };

  const run = async (): Promise<void> => {
    setNotice(undefined);
    const body = await input();
    if (!body) return;
    setBusy('run');
    const outcome = await startBatchEdit(schema.name, body, { silent: true });
    setBusy(undefined);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      return;
    }
    setBatchSid(outcome.data.data.batch_sid);
  };

  const footer = batchSid ? (
    <Space>
      <Link to={batchHistoryPath({ model: schema.name, batch: batchSid })} data-testid="batch-edit-history-link">
        {t('batchEdit.historyLink')}
      </Link>
      <Button type="primary" onClick={onClose} data-testid="batch-edit-close">
        {t('batchEdit.close')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onClose} disabled={busy !== undefined}>
        {t('model.cancel')}
      </Button>
      <Button
        onClick={() => void runPreview()}
        loading={busy === 'preview'}
        disabled={busy === 'run'}
        data-testid="batch-edit-preview"
      >
        {t('batchEdit.preview')}
      </Button>
      <Button
        type="primary"
        onClick={() => void run()}
        loading={busy === 'run'}
        disabled={busy === 'preview'}
        data-testid="batch-edit-run"
      >
        {t('batchEdit.run')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      width={640}
      title={<span data-testid="batch-edit-title">{t('batchEdit.title', { model: schema.label })}</span>}
      footer={footer}
      onCancel={() => busy === undefined && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      {batchSid ? (
        <BatchProgress sid={batchSid} schema={schema} onFinished={onFinished} />
      ) : (
        <>
          <FormNotice notice={notice} testId="batch-edit-error" />
          <Form<FormValues>
            form={form}
            layout="vertical"
            disabled={busy !== undefined}
            initialValues={{ [SCOPE]: selected.length > 0 ? 'selected' : 'search', [FIELDS]: [] }}
            // Any change makes the preview's figure stale.
            onValuesChange={() => setPreview(undefined)}
            data-testid="batch-edit-form"
          >
            <Form.Item name={SCOPE} label={t('batchEdit.scope')}>
              <Radio.Group>
                <Space direction="vertical">
                  <Radio value="selected" disabled={selected.length === 0}>
                    <span data-testid="batch-edit-scope-selected">
                      {selected.length > 0
                        ? t('batchEdit.scopeSelected', { count: selected.length })
                        : t('batchEdit.scopeSelectedNone')}
                    </span>
                  </Radio>
                  <Radio value="search">
                    <span data-testid="batch-edit-scope-search">{t('batchEdit.scopeSearch', { max })}</span>
                    <div>
                      {iql ? (
                        <Typography.Text code data-testid="batch-edit-iql">
                          {iql}
                        </Typography.Text>
                      ) : (
                        <Typography.Text type="secondary" data-testid="batch-edit-iql">
                          {t('batchEdit.scopeSearchAll')}
                        </Typography.Text>
                      )}
                    </div>
                  </Radio>
                </Space>
              </Radio.Group>
            </Form.Item>
            <Form.Item
              name={FIELDS}
              label={t('batchEdit.fields')}
              rules={[{ type: 'array', min: 1, required: true, message: t('batchEdit.fieldsRequired') }]}
            >
              <Select
                mode="multiple"
                placeholder={t('batchEdit.fieldsPlaceholder')}
                options={offered.map((field) => ({ value: field.name, label: field.label }))}
                data-testid="batch-edit-fields"
              />
            </Form.Item>
            {chosen.map((field) => {
              const FieldInput = inputFor(field);
              return (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  extra={field.required ? undefined : t('batchEdit.valueHint')}
                  rules={fieldRules(field, schema.name, t, 'update')}
                  data-testid={`batch-edit-item-${field.name}`}
                >
                  <FieldInput
                    field={field}
                    model={schema.name}
                    companySid={session?.companyId}
                    testId={`batch-edit-field-${field.name}`}
                  />
                </Form.Item>
              );
            })}
          </Form>
          {preview && (
            <Alert
              type="info"
              showIcon
              message={
                <span data-testid="batch-edit-will-change">
                  {t('batchEdit.previewResult', { count: preview.will_change })}
                </span>
              }
              description={t('batchEdit.previewDetail', {
                selected: preview.selected,
                inScope: preview.in_scope,
                unchanged: preview.in_scope - preview.will_change,
              })}
            />
          )}
        </>
      )}
    </Modal>
  );
}
