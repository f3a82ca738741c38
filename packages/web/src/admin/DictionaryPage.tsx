// /admin/dictionaries — tenant administrators keep a dictionary's options (spec §5): add options, relabel
// nothing here, disable or enable them; saved options are never deleted, so there is no delete action.
// Cascader options can be imported from xlsx; the server saves all rows or none and lists each row's error.
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUILT_IN_DICTIONARIES,
  DEFAULT_LANGUAGE,
  DICTIONARY_KEY_PATTERN,
  RESULT_CODES,
  isLanguage,
  labelIn,
} from '@ipdesk/core';
import {
  fetchDictionary,
  importCascade,
  saveDictionaryOptions,
  type CascadeImportAnswer,
  type DictionaryEntry,
} from '../api/admin';
import { isXlsxFile } from '../models/transfer/import-outcome';
import { lengthCount, maxLengthRule } from '../components/length-limit';

/** The limits the dictionary save route checks (option key as DICTIONARY_KEY_PATTERN, labels 255). */
const DICTIONARY_KEY_MAX = 64;
const DICTIONARY_LABEL_MAX = 255;

const dictionaryKey = (name: string) => ['admin', 'dictionary', name] as const;

interface NewOption {
  key: string;
  label_zh: string;
  label_en: string;
  parent_key?: string;
}

export function DictionaryPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string>(BUILT_IN_DICTIONARIES[0]?.name ?? 'patent_type');
  const [adding, setAdding] = useState(false);
  const [importResult, setImportResult] = useState<CascadeImportAnswer>();
  const [importing, setImporting] = useState(false);
  const [form] = Form.useForm<NewOption>();

  const query = useQuery({ queryKey: dictionaryKey(name), queryFn: () => fetchDictionary(name) });
  const options = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: dictionaryKey(name) });

  const setDisabled = async (entry: DictionaryEntry, disabled: boolean): Promise<void> => {
    const outcome = await saveDictionaryOptions(name, [
      {
        key: entry.key,
        label_zh: entry.labels.zh,
        label_en: entry.labels.en,
        parent_key: entry.parent_key,
        disabled,
      },
    ]);
    if (outcome.result === RESULT_CODES.success) void message.success(t('adminDict.saved'));
    await refresh();
  };

  const addOption = async (): Promise<void> => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const outcome = await saveDictionaryOptions(name, [
      {
        key: values.key.trim(),
        label_zh: values.label_zh.trim(),
        label_en: values.label_en.trim(),
        parent_key: values.parent_key ?? null,
        sort_by: options.length,
      },
    ]);
    if (outcome.result !== RESULT_CODES.success) return;
    void message.success(t('adminDict.saved'));
    setAdding(false);
    form.resetFields();
    await refresh();
  };

  const upload = async (file: File): Promise<void> => {
    setImportResult(undefined);
    if (!isXlsxFile(file)) {
      void message.error(t('transfer.onlyXlsx'));
      return;
    }
    setImporting(true);
    const outcome = await importCascade(name, file);
    setImporting(false);
    if (outcome.result !== RESULT_CODES.success) return;
    setImportResult(outcome.data.data);
    await refresh();
  };

  return (
    <Flex vertical gap={16} data-testid="dictionary-page">
      <Card
        title={t('adminDict.title')}
        extra={
          <Space wrap>
            <Typography.Text>{t('adminDict.dictionary')}</Typography.Text>
            <Select
              value={name}
              onChange={(next) => {
                setName(next);
                setImportResult(undefined);
              }}
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 200 }}
              options={BUILT_IN_DICTIONARIES.map((d) => ({
                value: d.name,
                label: `${labelIn(d.label, language)} (${d.name})`,
              }))}
              data-testid="dictionary-name"
            />
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="dictionary-add">
              {t('adminDict.add')}
            </Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importing} data-testid="dictionary-import">
                {t('adminDict.import')}
              </Button>
            </Upload>
          </Space>
        }
      >
        <Flex vertical gap={12}>
          <Alert type="info" showIcon message={`${t('adminDict.noDelete')} ${t('adminDict.importHint')}`} />
          {importResult && importResult.errors.length === 0 && (
            <Alert
              type="success"
              showIcon
              message={
                <span data-testid="dictionary-import-ok">{t('adminDict.imported', { count: importResult.saved })}</span>
              }
            />
          )}
          {importResult && importResult.errors.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={t('adminDict.importFailed')}
              description={
                <Table
                  size="small"
                  rowKey={(row) => `${row.row}-${row.message}`}
                  pagination={false}
                  dataSource={importResult.errors}
                  columns={[
                    { key: 'row', title: t('adminDict.row'), dataIndex: 'row', width: 80 },
                    { key: 'message', title: t('adminDict.message'), dataIndex: 'message' },
                  ]}
                  data-testid="dictionary-import-errors"
                />
              }
            />
          )}
          <Table<DictionaryEntry>
            rowKey="key"
            size="middle"
            loading={query.isFetching}
            dataSource={options}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            data-testid="dictionary-table"
            columns={[
              { key: 'key', title: t('adminDict.key'), dataIndex: 'key' },
              { key: 'zh', title: t('adminDict.labelZh'), render: (_v, row) => row.labels.zh },
              { key: 'en', title: t('adminDict.labelEn'), render: (_v, row) => row.labels.en },
              { key: 'parent', title: t('adminDict.parent'), render: (_v, row) => row.parent_key ?? '' },
              {
                key: 'source',
                title: t('adminDict.source'),
                render: (_v, row) =>
                  row.built_in ? <Tag>{t('adminDict.builtIn')}</Tag> : <Tag color="blue">{t('adminDict.tenant')}</Tag>,
              },
              {
                key: 'enabled',
                title: t('adminDict.enabled'),
                render: (_v, row) => (
                  <Switch
                    checked={!row.disabled}
                    onChange={(checked) => void setDisabled(row, !checked)}
                    data-testid={`dictionary-enabled-${row.key}`}
                  />
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <Modal
        open={adding}
        title={t('adminDict.addTitle')}
        okText={t('model.ok')}
        cancelText={t('model.cancel')}
        onOk={() => void addOption()}
        onCancel={() => setAdding(false)}
        okButtonProps={{ 'data-testid': 'dictionary-add-ok' }}
        destroyOnHidden
      >
        <Form<NewOption> form={form} layout="vertical">
          <Form.Item
            name="key"
            label={t('adminDict.key')}
            extra={t('adminDict.keyHint')}
            rules={[
              { required: true, message: t('adminDict.keyRequired') },
              { pattern: DICTIONARY_KEY_PATTERN, message: t('adminDict.keyPattern') },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && options.some((o) => o.key === value.trim())) throw new Error(t('adminDict.keyTaken'));
                },
              },
            ]}
          >
            <Input count={lengthCount(DICTIONARY_KEY_MAX)} data-testid="dictionary-new-key" />
          </Form.Item>
          <Form.Item
            name="label_zh"
            label={t('adminDict.labelZh')}
            rules={[
              { required: true, whitespace: true, message: t('adminDict.labelRequired') },
              maxLengthRule(DICTIONARY_LABEL_MAX, t),
            ]}
          >
            <Input count={lengthCount(DICTIONARY_LABEL_MAX)} data-testid="dictionary-new-zh" />
          </Form.Item>
          <Form.Item
            name="label_en"
            label={t('adminDict.labelEn')}
            rules={[
              { required: true, whitespace: true, message: t('adminDict.labelRequired') },
              maxLengthRule(DICTIONARY_LABEL_MAX, t),
            ]}
          >
            <Input count={lengthCount(DICTIONARY_LABEL_MAX)} data-testid="dictionary-new-en" />
          </Form.Item>
          <Form.Item name="parent_key" label={t('adminDict.parent')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={options.map((o) => ({ value: o.key, label: `${o.label} (${o.key})` }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
