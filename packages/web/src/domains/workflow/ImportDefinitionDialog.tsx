// Importing a process from a zip (spec §5: zip only, at most 10 MB) as exported by this or another
// IPDesk: a new key becomes version 1, an existing key gets it as its draft. A key that already has a
// draft is only overwritten when the user says so. The server's refusals are shown in their words.
// A process drawn in another modeler (Camunda, Flowable…) names no model: the dialog then asks for the model
// and, optionally, the lifecycle action it approves, and after the import lists how the file's assignees
// and candidate groups were mapped to users and roles, and which steps still need approvers in the designer.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, List, Modal, Result, Select, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { fetchModelSchema } from '../../api/model';
import { importDefinition, type ImportedDefinition } from '../../api/workflow';
import { FormNotice } from '../../components/FormNotice';
import { IMPORT_LIMIT_TEXT, importFileProblem } from './import-file';
import type { ModelChoice } from './NewDefinitionDialog';

/** The approval-bound actions of a model, to bind an imported process to one. */
function useApprovalActions(model: string | undefined) {
  const query = useQuery({
    queryKey: ['workflow', 'import', 'actions', model],
    queryFn: () => fetchModelSchema(model!),
    enabled: model !== undefined,
  });
  const schema = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  return (schema?.lifecycle?.actions ?? [])
    .filter((action) => action.approval)
    .map((action) => ({ value: action.name, label: action.label }));
}

function MappingReport({ imported }: { imported: ImportedDefinition }) {
  const { t } = useTranslation();
  const toChoose = imported.problems.filter((p) => p.severity === 'error' && p.rule === 'task-approvers');
  if (imported.mapped.length === 0 && toChoose.length === 0) return null;
  const stepName = new Map(imported.mapped.map((m) => [m.node_id, m.node_name]));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {imported.mapped.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('wfDefs.importMapped')}</Typography.Text>}
          dataSource={imported.mapped}
          data-testid="wf-import-mapped"
          renderItem={(m) => (
            <List.Item data-testid="wf-import-mapped-item" data-resolved={m.resolved ? 'true' : 'false'}>
              <Space wrap>
                <Typography.Text>{m.node_name}</Typography.Text>
                <Typography.Text code>{`${m.vendor}:${m.attribute}="${m.value}"`}</Typography.Text>
                {m.resolved ? (
                  <Tag color="green">
                    {t(m.kind === 'user' ? 'wfDefs.importAsUser' : 'wfDefs.importAsRole', { name: m.resolved.name })}
                  </Tag>
                ) : (
                  <Tag color="orange">{t('wfDefs.importUnresolved')}</Tag>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
      {toChoose.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="wf-import-to-choose"
          message={t('wfDefs.importToChoose')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {toChoose.map((p) => (
                <li key={p.element_id} data-testid="wf-import-step">
                  {t('wfDefs.importStepProblem', {
                    step: stepName.get(p.element_id) ?? p.element_id,
                    problem: p.message,
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}

export function ImportDefinitionDialog({
  models,
  onClose,
  onImported,
  onOpen,
}: {
  models: ModelChoice[];
  onClose: () => void;
  onImported: () => void;
  onOpen: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [notice, setNotice] = useState<VisibleNotice>();
  const [draftExists, setDraftExists] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<ImportedDefinition>();
  // Asked once the server says the file names no model (a process from another modeler).
  const [needsModel, setNeedsModel] = useState(false);
  const [model, setModel] = useState<string>();
  const [modelError, setModelError] = useState(false);
  const [action, setAction] = useState<string>();
  const actions = useApprovalActions(model);

  const send = async (overwriteDraft: boolean): Promise<void> => {
    if (!file) {
      setFileError(t('wfDefs.importFileRequired'));
      return;
    }
    if (needsModel && !model) {
      setModelError(true);
      return;
    }
    setSending(true);
    setNotice(undefined);
    setDraftExists(false);
    const outcome = await importDefinition(file, overwriteDraft, needsModel ? { model, action } : {});
    setSending(false);
    if (outcome.result === RESULT_CODES.success) {
      setDone(outcome.data.data);
      onImported();
      return;
    }
    const code = outcome.error.body?.code;
    if (code === errors.workflowImportModelRequired.code) {
      setNeedsModel(true);
      return;
    }
    setDraftExists(code === errors.workflowDraftExists.code);
    setNotice(inlineNotice(outcome.error));
  };

  const choose = (chosen: File): false => {
    const problem = importFileProblem(chosen);
    setNotice(undefined);
    setDraftExists(false);
    if (problem) {
      setFile(undefined);
      setFileError(
        problem === 'notZip' ? t('wfDefs.importOnlyZip') : t('wfDefs.importTooLarge', { max: IMPORT_LIMIT_TEXT }),
      );
    } else {
      setFile(chosen);
      setFileError(undefined);
    }
    // The file is sent by send(), not by the Upload component.
    return false;
  };

  return (
    <Modal
      open
      title={t('wfDefs.importTitle')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="wf-import-dialog"
      footer={
        done ? (
          <Space>
            <Button onClick={onClose}>{t('transfer.close')}</Button>
            <Button type="primary" onClick={() => onOpen(done.key)} data-testid="wf-import-open">
              {t('wfDefs.open')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('model.cancel')}</Button>
            <Button type="primary" loading={sending} onClick={() => void send(false)} data-testid="wf-import-start">
              {t('wfDefs.importStart')}
            </Button>
          </Space>
        )
      }
    >
      {done ? (
        <div data-testid="wf-import-done">
          <Result
            status="success"
            title={
              done.created
                ? t('wfDefs.importedNew', { key: done.key, version: done.version })
                : t('wfDefs.importedDraft', { key: done.key, version: done.version })
            }
          />
          <MappingReport imported={done} />
        </div>
      ) : (
        <>
          <FormNotice notice={notice} testId="wf-import-error" />
          {draftExists && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('wfDefs.importOverwriteHint')}
              action={
                <Button size="small" danger onClick={() => void send(true)} data-testid="wf-import-overwrite">
                  {t('wfDefs.importOverwrite')}
                </Button>
              }
            />
          )}
          <Form layout="vertical">
            <Form.Item
              label={t('wfDefs.importFile')}
              extra={t('wfDefs.importFileHint', { max: IMPORT_LIMIT_TEXT })}
              validateStatus={fileError ? 'error' : undefined}
              help={fileError}
              required
            >
              <Upload
                accept=".zip"
                maxCount={1}
                fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                onRemove={() => setFile(undefined)}
                beforeUpload={choose}
              >
                <Button icon={<UploadOutlined />} data-testid="wf-import-file">
                  {t('wfDefs.importChoose')}
                </Button>
              </Upload>
            </Form.Item>
            {needsModel && (
              <>
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  message={t('wfDefs.importNeedsModel')}
                  data-testid="wf-import-needs-model"
                />
                <Form.Item
                  label={t('wfDefs.model')}
                  required
                  validateStatus={modelError ? 'error' : undefined}
                  help={modelError ? t('wfDefs.importModelRequired') : undefined}
                >
                  <Select
                    showSearch
                    optionFilterProp="label"
                    options={models}
                    value={model}
                    onChange={(value: string) => {
                      setModel(value);
                      setModelError(false);
                      setAction(undefined);
                    }}
                    data-testid="wf-import-model"
                  />
                </Form.Item>
                {actions.length > 0 && (
                  <Form.Item label={t('wfDefs.importAction')} extra={t('wfDefs.importActionHint')}>
                    <Select
                      allowClear
                      options={actions}
                      value={action}
                      onChange={(value: string | undefined) => setAction(value)}
                      data-testid="wf-import-action"
                    />
                  </Form.Item>
                )}
              </>
            )}
          </Form>
        </>
      )}
    </Modal>
  );
}
