// Running a lifecycle action on one record or a selection — or, from a list, on every record its current
// search finds (as the batch edit dialog offers, up to MAX_ACTION_RECORDS): its confirmation text, the fields
// it sets (a paper's score) with their usual inputs and rules, and the comment (required where it says so).
// One call runs it on every record, each in its own transaction; the answer says per record what happened,
// and refusals are listed with the server's message in the reader's language.
import { Alert, Form, Input, List, Modal, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTION_COMMENT_MAX,
  MAX_ACTION_RECORDS,
  RESULT_CODES,
  type ActionRun,
  type LifecycleActionAnswer,
} from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { runRecordAction, type ModelSchema } from '../../api/model';
import { FormNotice } from '../../components/FormNotice';
import { lengthCount, maxLengthRule } from '../../components/length-limit';
import { inputFor } from '../fields/inputs';
import { actionValues, fieldRules, type FormValues } from '../form/form-values';
import { useRecordTitles } from '../batch-edit/record-titles';

/** A record the action runs on: its version as read, and how to name it in a refusal. */
export interface ActionTarget {
  sid: string;
  version?: number;
  title: string;
}

export interface ActionDialogProps {
  schema: ModelSchema;
  action: LifecycleActionAnswer;
  targets: readonly ActionTarget[];
  subCompanySid: string | undefined;
  onClose: () => void;
  /** After the run, whatever it did (the page reads its records again). */
  onRan: (run: ActionRun) => Promise<void>;
  /**
   * From a list: its current search (iql, empty for every record) and how many records it finds, offered
   * as the records to run on instead of the selection (the only choice when nothing is selected).
   */
  search?: { iql: string; count: number | undefined };
}

type Scope = 'selected' | 'search';
const SCOPE = '__scope';
/** Refused records' titles are read in one search page (the API's largest). */
const TITLED_REFUSALS = 100;

export function ActionDialog({ schema, action, targets, subCompanySid, onClose, onRan, search }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  const [refusals, setRefusals] = useState<Array<{ sid: string; title: string; message: string }>>();
  /** How many records the run took (the selection, or what the search found). */
  const [ranOn, setRanOn] = useState(targets.length);
  const refusedTitles = useRecordTitles(
    schema,
    (refusals ?? [])
      .filter((item) => item.title === item.sid)
      .slice(0, TITLED_REFUSALS)
      .map((item) => item.sid),
  );
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const searchTooMany = search?.count !== undefined && search.count > MAX_ACTION_RECORDS;
  // The fields the action sets are writable here even though no edit form may change them.
  const sets = action.sets.flatMap((name) => {
    const field = schema.fields.find((candidate) => candidate.name === name);
    return field ? [{ ...field, read_only: false }] : [];
  });

  const submit = async (values: FormValues): Promise<void> => {
    setNotice(undefined);
    setRunning(true);
    const comment = typeof values.__comment === 'string' ? values.__comment.trim() : '';
    const bySearch = search !== undefined && values[SCOPE] === 'search';
    const outcome = await runRecordAction(
      schema.name,
      action.name,
      {
        ...(bySearch
          ? { query: search.iql }
          : {
              sids: targets.map((target) => target.sid),
              versions: Object.fromEntries(
                targets.flatMap((target) => (target.version === undefined ? [] : [[target.sid, target.version]])),
              ),
            }),
        ...(comment && { comment }),
        ...(sets.length && { values: actionValues(sets, values) }),
      },
      { silent: true, subCompanySid },
    );
    setRunning(false);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      return;
    }
    const run = outcome.data.data;
    setRanOn(run.results.length);
    await onRan(run);
    const titles = new Map(targets.map((target) => [target.sid, target.title]));
    const refused = run.results.flatMap((result) =>
      result.outcome === 'refused'
        ? [{ sid: result.sid, title: titles.get(result.sid) ?? result.sid, message: result.message }]
        : [],
    );
    if (refused.length === 0) onClose();
    else setRefusals(refused);
  };

  return (
    <Modal
      open
      title={<span data-testid="action-dialog-title">{action.label}</span>}
      okText={refusals ? t('model.ok') : action.label}
      cancelText={t('model.cancel')}
      okButtonProps={{ loading: running, 'data-testid': 'action-dialog-ok' } as ButtonProps}
      onOk={() => (refusals ? onClose() : form.submit())}
      cancelButtonProps={{ disabled: running, style: refusals ? { display: 'none' } : undefined }}
      onCancel={() => !running && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      {refusals ? (
        <div data-testid="action-refusals">
          <Alert
            type="warning"
            showIcon
            message={t('lifecycle.refusedCount', { count: refusals.length, total: ranOn })}
          />
          <List
            size="small"
            dataSource={refusals}
            renderItem={(item) => (
              <List.Item data-testid={`action-refused-${item.sid}`}>
                <Typography.Text strong>{refusedTitles.get(item.sid) ?? item.title}</Typography.Text>
                <Typography.Text type="secondary">{item.message}</Typography.Text>
              </List.Item>
            )}
          />
        </div>
      ) : (
        <>
          <FormNotice notice={notice} testId="action-error" />
          {!search && targets.length > 1 && (
            <Typography.Paragraph data-testid="action-count">
              {t('lifecycle.selected', { count: targets.length })}
            </Typography.Paragraph>
          )}
          {action.confirm && <Typography.Paragraph data-testid="action-confirm">{action.confirm}</Typography.Paragraph>}
          <Form<FormValues>
            form={form}
            layout="vertical"
            disabled={running}
            onFinish={(values) => void submit(values)}
            initialValues={search ? { [SCOPE]: (targets.length > 0 ? 'selected' : 'search') satisfies Scope } : {}}
            data-testid="action-form"
          >
            {search && (
              <Form.Item name={SCOPE} label={t('batchEdit.scope')}>
                <Radio.Group>
                  <Space direction="vertical">
                    <Radio value="selected" disabled={targets.length === 0}>
                      <span data-testid="action-scope-selected">
                        {targets.length > 0
                          ? t('batchEdit.scopeSelected', { count: targets.length })
                          : t('batchEdit.scopeSelectedNone')}
                      </span>
                    </Radio>
                    <Radio value="search" disabled={searchTooMany}>
                      <span data-testid="action-scope-search">
                        {search.count === undefined
                          ? t('batchEdit.scopeSearch', { max: format(MAX_ACTION_RECORDS) })
                          : t('lifecycle.scopeSearchCount', {
                              count: format(search.count),
                              max: format(MAX_ACTION_RECORDS),
                            })}
                      </span>
                      <div>
                        <Typography.Text
                          code={search.iql !== ''}
                          type={search.iql ? undefined : 'secondary'}
                          data-testid="action-scope-iql"
                        >
                          {search.iql || t('batchEdit.scopeSearchAll')}
                        </Typography.Text>
                      </div>
                    </Radio>
                  </Space>
                </Radio.Group>
              </Form.Item>
            )}
            {sets.map((field) => {
              const FieldInput = inputFor(field);
              return (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  required={action.requires.includes(field.name)}
                  rules={[
                    ...(action.requires.includes(field.name)
                      ? [{ required: true, message: t('lifecycle.fieldRequired', { label: field.label }) }]
                      : []),
                    ...fieldRules(field, schema.name, t, 'update'),
                  ]}
                >
                  <FieldInput field={field} model={schema.name} testId={`action-field-${field.name}`} />
                </Form.Item>
              );
            })}
            <Form.Item
              name="__comment"
              label={t('lifecycle.comment')}
              rules={[
                ...(action.comment === 'required'
                  ? [{ required: true, whitespace: true, message: t('lifecycle.commentRequired') }]
                  : []),
                maxLengthRule(ACTION_COMMENT_MAX, t),
              ]}
            >
              <Input.TextArea rows={3} count={lengthCount(ACTION_COMMENT_MAX)} data-testid="action-comment" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
