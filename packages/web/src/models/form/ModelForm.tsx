// The new / edit form of any model: one input per non-system field from the kind map (several values for
// a multiple field), the schema's rules checked as the user types, and the server's verdict placed where
// it belongs: each failing field's message on its own item (500005), the first failing one scrolled to
// and focused, a change made elsewhere meanwhile (409000) with the server's words and an offer to load
// the current record, anything else above the form. Fields the caller cannot write
// (read-only for them, or masked on edit) are shown as plain text and never sent; a new record's form
// leaves out the read-only ones. While a process is open on the record, the fields its current step does
// not grant the caller are shown the same way (the server would refuse them: 403706). The model's
// non-blocking warnings (schema warning_fields) are listed above the save button (RecordWarnings.tsx).
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { inlineNotice, type RequestFailure, type VisibleNotice } from '../../api/failure';
import { createRecord, fetchRecord, updateRecord, type ModelRow, type ModelSchema } from '../../api/model';
import { useServerFieldErrors } from '../../components/field-errors';
import { FormNotice } from '../../components/FormNotice';
import { noticeText } from '../../components/notice-text';
import { useSession } from '../../session/store';
import { lockedByProcess, useFieldLock } from '../../domains/workflow/approval/field-lock';
import { subCompanyFromLink } from '../detail/sub-company';
import { inputFor } from '../fields/inputs';
import { LoadFailed, LoadingCard, RecordNotFound } from '../ModelPageState';
import { modelListPath, recordPath } from '../paths';
import { modelKeys } from '../queries';
import { type FormMode } from '../schema';
import {
  changedData,
  createData,
  fieldRules,
  formFields,
  initialValues,
  prefillFromLink,
  presetParentField,
  isLocked,
  recordIssues,
  type FormValues,
} from './form-values';
import { ReadOnlyValue } from './ReadOnlyValue';
import { RecordWarningList, useRecordWarnings } from './RecordWarnings';

/** Kinds that take a whole row: long texts and file lists. */
const WIDE_KINDS = new Set(['longText', 'designSample', 'figure']);

export function ModelForm({ schema, sid }: { schema: ModelSchema; sid?: string }) {
  const model = schema.name;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const subCompanySid = subCompanyFromLink(location.search, session?.companys ?? []);
  const mode: FormMode = sid === undefined ? 'create' : 'update';
  const [form] = Form.useForm<FormValues>();
  const [opened, setOpened] = useState<ModelRow>();
  const [notice, setNotice] = useState<VisibleNotice>();
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  const recordQuery = useQuery({
    queryKey: modelKeys.record(model, sid ?? ''),
    queryFn: () => fetchRecord(model, sid ?? '', { subCompanySid }),
    enabled: sid !== undefined,
  });
  const loaded = recordQuery.data?.result === RESULT_CODES.success ? recordQuery.data.data.data : undefined;
  const titles = recordQuery.data?.result === RESULT_CODES.success ? recordQuery.data.data.titles : undefined;
  const files = recordQuery.data?.result === RESULT_CODES.success ? recordQuery.data.data.files : undefined;
  const processLock = useFieldLock(model, sid, subCompanySid);
  const warnings = useRecordWarnings(schema, form, sid, subCompanySid);

  // A new record may start from its link (?patent=<sid> from a case's tab).
  useEffect(() => {
    if (mode !== 'create') return;
    const preset = prefillFromLink(schema, location.search);
    if (Object.keys(preset).length) form.setFieldsValue(preset);
  }, [mode, schema, location.search, form]);
  // Opened from a parent's child tab: the parent is preset and stays (the record is made under it).
  const lockedParent = mode === 'create' ? presetParentField(schema, location.search) : undefined;

  // The form opens on the record as first read; later reads (a reload after a conflict) are explicit.
  useEffect(() => {
    if (loaded && !opened) {
      setOpened(loaded);
      form.setFieldsValue(initialValues(schema, loaded));
    }
  }, [loaded, opened, form, schema]);

  const placeFieldErrors = useServerFieldErrors(form);

  const showFailure = (failure: RequestFailure): void => {
    const code = failure.body?.code;
    // Each message beside its field; the first failing one (in the form's order) scrolled to and focused.
    placeFieldErrors(
      failure,
      formFields(schema, mode).map((field) => field.name),
    );
    setConflict(code === errors.conflict.code);
    setNotice(inlineNotice(failure));
  };

  const save = async (values: FormValues): Promise<void> => {
    setNotice(undefined);
    setConflict(false);
    if (sid !== undefined && !opened) return;
    const data = opened ? changedData(schema, opened, values) : createData(schema, values);
    if (opened && Object.keys(data).length === 0) {
      void message.info(t('modelForm.noChanges'));
      void navigate(recordPath(model, opened.sid, location.search));
      return;
    }
    // The model's rules across fields, as the server will run them: their message before sending.
    const issues = recordIssues(schema, data, opened, t);
    if (issues.length > 0) {
      placeFieldErrors(
        issues,
        formFields(schema, mode).map((field) => field.name),
      );
      return;
    }
    setSaving(true);
    const outcome = opened
      ? await updateRecord(model, { sid: opened.sid, version: opened.version, data }, { silent: true, subCompanySid })
      : await createRecord(model, data, { silent: true, subCompanySid });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      showFailure(outcome.error);
      return;
    }
    const row = outcome.data.data;
    queryClient.setQueryData(modelKeys.record(model, row.sid), outcome);
    void queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] });
    void queryClient.invalidateQueries({ queryKey: modelKeys.history(model, row.sid) });
    void message.success(t(opened ? 'modelForm.saved' : 'modelForm.created'));
    // Saved with warnings (they never refuse a save): the user still reads them.
    for (const warning of outcome.data.warnings ?? []) void message.warning(warning.message);
    void navigate(recordPath(model, row.sid, location.search));
  };

  /** After a conflict: the current record replaces what the form was opened on (and the user's edits). */
  const reload = async (): Promise<void> => {
    const fresh = await recordQuery.refetch();
    if (fresh.data?.result !== RESULT_CODES.success) return;
    const current = fresh.data.data.data;
    setOpened(current);
    form.resetFields();
    form.setFieldsValue(initialValues(schema, current));
    setConflict(false);
    setNotice(undefined);
    void message.info(t('modelForm.reloaded'));
  };

  if (sid !== undefined && !loaded) {
    const failed = recordQuery.data?.result !== undefined && recordQuery.data.result !== RESULT_CODES.success;
    if (failed && recordQuery.data?.result !== RESULT_CODES.success && recordQuery.data?.error.status === 404)
      return <RecordNotFound model={model} />;
    return failed ? <LoadFailed onRetry={() => void recordQuery.refetch()} /> : <LoadingCard />;
  }

  // Pickers of company data (departments) offer the record's company: its own, else the one it goes to.
  const companySid = opened?.company_sid ?? subCompanySid ?? session?.companyId;
  const title =
    sid === undefined
      ? t('modelForm.newTitle', { model: schema.label })
      : t('modelForm.editTitle', { model: schema.label });
  return (
    <Card title={<span data-testid="form-title">{title}</span>} data-testid="model-form">
      {conflict && notice ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={<span data-testid="form-conflict">{noticeText(t, notice)}</span>}
          description={t('modelForm.conflictHint')}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void reload()} data-testid="form-reload">
              {t('modelForm.reload')}
            </Button>
          }
        />
      ) : (
        <FormNotice notice={notice} />
      )}
      {processLock?.locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={<span data-testid="form-process-lock">{t('wfRun.formLocked')}</span>}
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={saving}
        scrollToFirstError
        onFinish={(values) => void save(values)}
      >
        <Row gutter={24}>
          {formFields(schema, mode).map((field) => {
            const Input = inputFor(field);
            // Locked fields read as on the detail page (files as their thumbnails).
            const byProcess = lockedByProcess(processLock, field.name) && !isLocked(field, mode);
            const locked = isLocked(field, mode) || byProcess;
            const hint = byProcess
              ? t('wfRun.fieldLockedHint')
              : t(field.masked ? 'modelAccess.maskedHint' : 'modelAccess.readOnlyHint');
            return (
              <Col key={field.name} xs={24} md={WIDE_KINDS.has(field.kind) ? 24 : 12}>
                <Form.Item
                  name={field.name}
                  label={field.label}
                  required={field.required && !locked}
                  rules={locked ? [] : fieldRules(field, model, t, mode)}
                  extra={locked ? hint : undefined}
                  data-testid={`item-${field.name}`}
                >
                  {locked ? (
                    <ReadOnlyValue field={field} testId={`field-${field.name}`} titles={titles} files={files} />
                  ) : (
                    <Input
                      field={field}
                      model={model}
                      companySid={companySid}
                      recordSid={sid}
                      files={files}
                      testId={`field-${field.name}`}
                      disabled={field.name === lockedParent || undefined}
                    />
                  )}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        <RecordWarningList warnings={warnings} />
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="form-save">
            {t('modelForm.save')}
          </Button>
          <Button
            onClick={() =>
              void navigate(opened ? recordPath(model, opened.sid, location.search) : modelListPath(model))
            }
            data-testid="form-cancel"
          >
            {t('modelForm.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
