// The form's input of a file field (design samples, figures): a picture card per file, uploaded at once to
// the field's upload endpoint, removable, movable earlier; the field's value is the ordered list of file
// sids the save sends.
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_FIELD_FILE_BYTES,
  MAX_FIELD_FILES,
  RESULT_CODES,
  THUMBNAIL_TYPES,
  fieldFileAccept,
  fieldFileTypeNames,
  isFieldFileKind,
  type FieldFileInfo,
} from '@ipdesk/core';
import { inlineNotice } from '../../api/failure';
import { downloadFieldFile, uploadFieldFile } from '../../api/field-files';
import { noticeText } from '../../components/notice-text';
import { valuesOf } from './format';
import type { FieldInputProps } from './types';

import { FileThumbnail } from './FieldFiles';

const MB = 1024 * 1024;
type UploadRequest = Parameters<NonNullable<UploadProps['customRequest']>>[0];

/** A saved file's thumbnail inside the upload list (antd wants a URL; ours comes from a fetch). */
function SavedThumbnail({ info }: { info: FieldFileInfo | undefined }) {
  return <FileThumbnail info={info} size={86} />;
}

interface Uploaded {
  name: string;
  /** A blob: URL of the chosen file, for images a browser shows. */
  preview?: string;
}

/**
 * The form's input of a file field: value = the ordered file sids. Each chosen file is pre-checked (size,
 * count) and uploaded at once; a refused upload stays in the list marked with the server's words.
 */
export function FieldFilesInput({
  field,
  model,
  value,
  onChange,
  id,
  disabled,
  testId,
  files,
  recordSid,
}: FieldInputProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const kind = isFieldFileKind(field.kind) ? field.kind : 'figure';
  const sids = useMemo(() => valuesOf(value).map(String), [value]);
  const [uploaded, setUploaded] = useState<Record<string, Uploaded>>({});
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Uploads finish after renders: the latest value is read from here, so two at once both land.
  const valueRef = useLatest(value);

  const fileList: UploadFile[] = [
    ...sids.map((sid): UploadFile => {
      const mine = uploaded[sid];
      return {
        uid: sid,
        name: mine?.name ?? files?.[sid]?.name ?? sid,
        status: 'done',
        ...(mine?.preview ? { thumbUrl: mine.preview } : {}),
      };
    }),
    ...pending,
  ];

  const send = async ({ file, onSuccess, onError }: UploadRequest): Promise<void> => {
    const chosen = file as File & { uid: string };
    setPending((list) => [...list, { uid: chosen.uid, name: chosen.name, status: 'uploading' }]);
    const outcome = await uploadFieldFile({ model, field: field.name, recordSid, file: chosen, name: chosen.name });
    if (outcome.result === RESULT_CODES.success) {
      const data = outcome.data.data;
      const preview =
        THUMBNAIL_TYPES.has(data.media_type) && typeof URL.createObjectURL === 'function'
          ? URL.createObjectURL(chosen)
          : undefined;
      setUploaded((known) => ({ ...known, [data.file_sid]: { name: data.name, preview } }));
      setPending((list) => list.filter((item) => item.uid !== chosen.uid));
      onSuccess?.(data);
      const next = [...valuesOf(valueRef.current).map(String), data.file_sid];
      valueRef.current = next;
      onChange?.(next);
    } else {
      const words = noticeText(t, inlineNotice(outcome.error));
      setPending((list) =>
        list.map((item) =>
          item.uid === chosen.uid ? { ...item, status: 'error', response: words, error: { message: words } } : item,
        ),
      );
      onError?.(new Error(words));
    }
  };

  const move = (index: number): void => {
    const next = [...sids];
    [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
    onChange?.(next);
  };

  return (
    <Flex vertical gap={4} id={id} data-testid={testId}>
      <Upload
        listType="picture-card"
        multiple
        accept={fieldFileAccept(kind)}
        fileList={fileList}
        disabled={disabled}
        customRequest={(options) => void send(options)}
        beforeUpload={(file) => {
          if (file.size > MAX_FIELD_FILE_BYTES) {
            void message.error(
              t('error.fieldFileTooLarge', { label: file.name, max: `${MAX_FIELD_FILE_BYTES / MB} MB` }),
            );
            return Upload.LIST_IGNORE;
          }
          if (sids.length + pending.length >= MAX_FIELD_FILES) {
            void message.error(t('error.fieldFileTooMany', { label: field.label, max: MAX_FIELD_FILES }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onRemove={(file) => {
          if (sids.includes(file.uid)) onChange?.(sids.filter((sid) => sid !== file.uid));
          else setPending((list) => list.filter((item) => item.uid !== file.uid));
          return true;
        }}
        onPreview={(file) => {
          const info = files?.[file.uid];
          if (info) void downloadFieldFile(info.url);
        }}
        itemRender={(node, file) => {
          const index = sids.indexOf(file.uid);
          const saved = index >= 0 && !uploaded[file.uid]?.preview && files?.[file.uid];
          return (
            <div style={{ position: 'relative', width: '100%', height: '100%' }} data-testid="field-file-item">
              {saved ? (
                <div className="ant-upload-list-item" style={{ padding: 0 }}>
                  <SavedThumbnail info={files?.[file.uid]} />
                </div>
              ) : (
                node
              )}
              {index > 0 && !disabled && (
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  aria-label={t('modelField.moveEarlier')}
                  title={t('modelField.moveEarlier')}
                  style={{ position: 'absolute', left: 0, bottom: 0 }}
                  onClick={() => move(index)}
                  data-testid={`field-file-move-${index}`}
                />
              )}
              {saved && !disabled && (
                <Button
                  size="small"
                  type="text"
                  danger
                  style={{ position: 'absolute', right: 0, bottom: 0 }}
                  aria-label={t('modelField.removeValue')}
                  title={t('modelField.removeValue')}
                  onClick={() => onChange?.(sids.filter((sid) => sid !== file.uid))}
                  data-testid={`field-file-remove-${index}`}
                >
                  ×
                </Button>
              )}
            </div>
          );
        }}
      >
        {disabled || sids.length + pending.length >= MAX_FIELD_FILES ? null : (
          <Flex vertical align="center" gap={4} data-testid={testId ? `${testId}-upload` : undefined}>
            <PlusOutlined />
            <span>{t('modelField.uploadFile')}</span>
          </Flex>
        )}
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('modelField.filesHint', {
          types: fieldFileTypeNames(kind),
          max: `${MAX_FIELD_FILE_BYTES / MB} MB`,
          count: MAX_FIELD_FILES,
        })}
      </Typography.Text>
    </Flex>
  );
}

/** The latest value of a prop, for callbacks that finish after later renders. */
function useLatest<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
