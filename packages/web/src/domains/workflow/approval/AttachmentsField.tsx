// The opinion's files in the action dialog: each chosen file is pre-checked (size, type, as for patent
// documents) and uploaded at once to the workflow attachment endpoint; the field's value is the uploaded
// ones' { file_sid, name }, at most 20, which the action then carries. A refused upload stays in the list
// marked with the server's words.
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice } from '../../../api/failure';
import { uploadAttachment, type Attachment, type UploadedAttachment } from '../../../api/workflow-runs';
import { noticeText } from '../../../components/notice-text';
import { acceptList, precheckFile } from '../../documents/precheck';
import { MAX_ATTACHMENTS } from './panel-actions';

type UploadRequest = Parameters<NonNullable<UploadProps<UploadedAttachment>['customRequest']>>[0];

interface AttachmentsFieldProps {
  value?: Attachment[];
  onChange?: (value: Attachment[]) => void;
}

export function AttachmentsField({ onChange }: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<Array<UploadFile<UploadedAttachment>>>([]);

  const send = async ({ file, onSuccess, onError }: UploadRequest): Promise<void> => {
    const blob = file as File;
    const outcome = await uploadAttachment(blob, blob.name);
    if (outcome.result === RESULT_CODES.success) onSuccess?.(outcome.data.data);
    else onError?.(new Error(noticeText(t, inlineNotice(outcome.error))));
  };

  return (
    <div data-testid="wf-action-attachments">
      <Upload<UploadedAttachment>
        multiple
        maxCount={MAX_ATTACHMENTS}
        accept={acceptList()}
        fileList={files}
        customRequest={(options) => void send(options)}
        beforeUpload={(file) => {
          const problem = precheckFile(file);
          if (!problem) return true;
          void message.error(
            `${file.name}: ${noticeText(t, { kind: 'text', key: problem.key, params: problem.params })}`,
          );
          return Upload.LIST_IGNORE;
        }}
        onChange={({ fileList }) => {
          setFiles(fileList);
          onChange?.(
            fileList.flatMap((f) =>
              f.status === 'done' && f.response ? [{ file_sid: f.response.file_sid, name: f.response.name }] : [],
            ),
          );
        }}
      >
        <Button icon={<UploadOutlined />} disabled={files.length >= MAX_ATTACHMENTS} data-testid="wf-action-attach">
          {t('wfRun.attach', { max: MAX_ATTACHMENTS })}
        </Button>
      </Upload>
    </div>
  );
}
