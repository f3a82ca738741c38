// Importing a process from a zip (spec §5: zip only, at most 10 MB) as exported by this or another
// IPDesk: a new key becomes version 1, an existing key gets it as its draft. A key that already has a
// draft is only overwritten when the user says so. The server's refusals are shown in their words.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Result, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { importDefinition, type DefinitionWrite } from '../../api/workflow';
import { FormNotice } from '../../components/FormNotice';
import { IMPORT_LIMIT_TEXT, importFileProblem } from './import-file';

export function ImportDefinitionDialog({
  onClose,
  onImported,
  onOpen,
}: {
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
  const [done, setDone] = useState<DefinitionWrite & { created: boolean }>();

  const send = async (overwriteDraft: boolean): Promise<void> => {
    if (!file) {
      setFileError(t('wfDefs.importFileRequired'));
      return;
    }
    setSending(true);
    setNotice(undefined);
    setDraftExists(false);
    const outcome = await importDefinition(file, overwriteDraft);
    setSending(false);
    if (outcome.result === RESULT_CODES.success) {
      setDone(outcome.data.data);
      onImported();
      return;
    }
    setDraftExists(outcome.error.body?.code === errors.workflowDraftExists.code);
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
          </Form>
        </>
      )}
    </Modal>
  );
}
