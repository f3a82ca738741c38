// Uploading a document, or editing one's details: file (upload only; pre-checked for size and name
// against the shared limits), file name (taken from the chosen file, required), category, the case's
// item it belongs to, send/receive date, major version with its remark, and archive date. The server's
// refusals show above the form, with failing fields marked.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Button,
  Upload,
  Typography,
  type ButtonProps,
  type UploadFile,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_NAME_MAX_LENGTH,
  DOCUMENT_REMARK_MAX_LENGTH,
  RESULT_CODES,
  documentCategoryLabel,
  isLanguage,
} from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { searchRecords } from '../../api/model';
import { FormNotice } from '../../components/FormNotice';
import { useServerFieldErrors } from '../../components/field-errors';
import { updateDocument, uploadDocument, type DocumentMetadata, type PatentDocument } from './api';
import { acceptList, designLimitText, precheckFile, uploadLimitText } from './precheck';
import { lengthCount, maxLengthRule } from '../../components/length-limit';

interface Values {
  file_name: string;
  category?: string | null;
  item_sid?: string | null;
  sent_received_on?: Dayjs | null;
  major_version?: number | null;
  version_remark?: string;
  archived_on?: Dayjs | null;
}

const FIELDS = [
  'file_name',
  'category',
  'item_sid',
  'sent_received_on',
  'major_version',
  'version_remark',
  'archived_on',
] as const;

const day = (value: string | null) => (value ? dayjs(value) : null);
const isoDay = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

export interface DocumentDialogProps {
  patentSid: string;
  /** The document to edit; absent for an upload. */
  document?: PatentDocument;
  subCompanySid: string | undefined;
  onClose: () => void;
  onSaved: (document: PatentDocument) => Promise<void>;
}

function ItemSelect(props: { patentSid: string; value?: string | null; onChange?: (value: string | null) => void }) {
  const { t } = useTranslation();
  const items = useQuery({
    queryKey: ['model', 'patent_item', 'search', { documentsOf: props.patentSid }],
    queryFn: () =>
      searchRecords(
        'patent_item',
        { iql: `patent = '${props.patentSid}'`, fl: ['sid', 'title', 'event_date'], size: 100 },
        { silent: true },
      ),
  });
  const rows = items.data?.result === RESULT_CODES.success ? items.data.data.data.rows : [];
  return (
    <Select
      allowClear
      loading={items.isFetching}
      value={props.value ?? undefined}
      onChange={(value?: string) => props.onChange?.(value ?? null)}
      placeholder={t('patentDocs.itemPlaceholder')}
      options={rows.map((row) => ({
        value: row.sid,
        label: [row.event_date, row.title].filter((part) => typeof part === 'string' && part).join(' · '),
      }))}
      data-testid="document-item"
    />
  );
}

export function DocumentDialog({ patentSid, document, subCompanySid, onClose, onSaved }: DocumentDialogProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [form] = Form.useForm<Values>();
  const placeFieldErrors = useServerFieldErrors(form);
  const [file, setFile] = useState<File>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  const category = Form.useWatch('category', form);
  const editing = document !== undefined;

  const choose = (chosen: File): false => {
    const problem = precheckFile(chosen, form.getFieldValue('category') as string | null | undefined);
    if (problem) {
      setFile(undefined);
      setNotice({ kind: 'text', key: problem.key, params: problem.params });
      return false;
    }
    setNotice(undefined);
    const previous = file?.name;
    const current = (form.getFieldValue('file_name') as string | undefined) ?? '';
    // The name follows the chosen file until the user types their own.
    if (!current.trim() || current === previous) form.setFieldValue('file_name', chosen.name);
    setFile(chosen);
    // Stops antd from uploading by itself: the file goes with the form on Save.
    return false;
  };

  const submit = async (values: Values): Promise<void> => {
    setNotice(undefined);
    if (!editing && !file) {
      setNotice({ kind: 'text', key: 'patentDocs.fileRequired' });
      return;
    }
    const metadata: DocumentMetadata = {
      file_name: values.file_name.trim(),
      category: values.category ?? null,
      item_sid: values.item_sid ?? null,
      sent_received_on: isoDay(values.sent_received_on),
      major_version: values.major_version ?? 1,
      version_remark: values.version_remark?.trim() || null,
      archived_on: isoDay(values.archived_on),
    };
    setSaving(true);
    let outcome;
    if (editing) {
      outcome = await updateDocument(document.sid, document.version, metadata, { subCompanySid });
    } else {
      const body = new FormData();
      body.append('patent_sid', patentSid);
      for (const [name, value] of Object.entries(metadata))
        if (value !== null && value !== undefined) body.append(name, String(value));
      // The file last, so the fields arrive first and a refused upload wastes as little as possible.
      body.append('file', file!, file!.name);
      outcome = await uploadDocument(body, { subCompanySid });
    }
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      placeFieldErrors(outcome.error, FIELDS);
      setNotice(inlineNotice(outcome.error));
      return;
    }
    await onSaved(outcome.data.data);
  };

  const fileList: UploadFile[] = file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : [];

  return (
    <Modal
      open
      title={t(editing ? 'patentDocs.editTitle' : 'patentDocs.uploadTitle')}
      okText={t('patentDocs.save')}
      cancelText={t('patentDocs.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'document-dialog-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <div data-testid="document-dialog">
        <FormNotice notice={notice} testId="document-dialog-error" />
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={saving}
          initialValues={
            document
              ? {
                  file_name: document.file_name,
                  category: document.category,
                  item_sid: document.item_sid,
                  sent_received_on: day(document.sent_received_on),
                  major_version: document.major_version,
                  version_remark: document.version_remark ?? '',
                  archived_on: day(document.archived_on),
                }
              : { major_version: 1 }
          }
          onFinish={(values) => void submit(values)}
        >
          {!editing && (
            <Form.Item
              label={t('patentDocs.file')}
              required
              extra={
                <Typography.Text type="secondary">
                  {category === 'design_picture'
                    ? t('patentDocs.designHint', designLimitText)
                    : t('patentDocs.uploadHint', uploadLimitText)}
                </Typography.Text>
              }
            >
              <div data-testid="document-file">
                <Upload
                  accept={acceptList(category)}
                  maxCount={1}
                  fileList={fileList}
                  beforeUpload={choose}
                  onRemove={() => setFile(undefined)}
                >
                  <Button icon={<UploadOutlined />} data-testid="document-file-choose">
                    {t('patentDocs.chooseFile')}
                  </Button>
                </Upload>
              </div>
            </Form.Item>
          )}
          <Form.Item
            name="file_name"
            label={t('patentDocs.fileName')}
            rules={[
              { required: true, whitespace: true, message: t('patentDocs.fileNameRequired') },
              maxLengthRule(DOCUMENT_FILE_NAME_MAX_LENGTH, t),
            ]}
          >
            <Input count={lengthCount(DOCUMENT_FILE_NAME_MAX_LENGTH)} data-testid="document-file-name" />
          </Form.Item>
          <Form.Item name="category" label={t('patentDocs.category')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('patentDocs.categoryPlaceholder')}
              options={DOCUMENT_CATEGORIES.map((value) => ({ value, label: documentCategoryLabel(value, language) }))}
              data-testid="document-category"
            />
          </Form.Item>
          <Form.Item name="item_sid" label={t('patentDocs.item')}>
            <ItemSelect patentSid={patentSid} />
          </Form.Item>
          <Form.Item name="sent_received_on" label={t('patentDocs.sentReceivedOn')}>
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="document-sent-received-on" />
          </Form.Item>
          <Form.Item name="major_version" label={t('patentDocs.majorVersion')}>
            <InputNumber
              min={1}
              max={9999}
              precision={0}
              style={{ width: '100%' }}
              data-testid="document-major-version"
            />
          </Form.Item>
          <Form.Item
            name="version_remark"
            label={t('patentDocs.versionRemark')}
            rules={[maxLengthRule(DOCUMENT_REMARK_MAX_LENGTH, t)]}
          >
            <Input.TextArea
              count={lengthCount(DOCUMENT_REMARK_MAX_LENGTH)}
              autoSize={{ minRows: 2, maxRows: 4 }}
              data-testid="document-version-remark"
            />
          </Form.Item>
          <Form.Item name="archived_on" label={t('patentDocs.archivedOn')}>
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="document-archived-on" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
