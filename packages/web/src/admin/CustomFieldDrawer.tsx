// The drawer that adds a custom field or edits its draft: the definition form with the spec §5 rules
// checked as the admin types (custom-field-rules.ts), and the server's refusal shown above the form.
import { AutoComplete, Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUILT_IN_DICTIONARIES,
  CUSTOM_KIND_LABELS,
  DEFAULT_LANGUAGE,
  RESULT_CODES,
  customKindDictionary,
  isLanguage,
  labelIn,
} from '@ipdesk/core';
import { CUSTOM_FLAGS, createCustomField, updateCustomField, type CustomFieldRow } from '../api/admin';
import { describeFailure } from '../api/failure';
import { noticeText } from '../components/notice-text';
import { useSession } from '../session/store';
import {
  CODE_MAX,
  KIND_GROUPS,
  LENGTH_CAPS,
  allowsMultiple,
  dictionaryChoice,
  kindGroup,
  NAME_EN_MAX,
  NAME_ZH_MAX,
  OFFERED_KINDS,
  checkDefinition,
  hasLengthLimits,
  toDefinition,
  toFormValues,
  type DefinitionFormValues,
} from './custom-field-rules';
import { lengthCount } from '../components/length-limit';

export function CustomFieldDrawer({
  model,
  editing,
  onClose,
  onSaved,
}: {
  model: string;
  /** undefined: a new field. */
  editing: CustomFieldRow | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const companys = useSession()?.companys ?? [];
  const [form] = Form.useForm<DefinitionFormValues>();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const kind = Form.useWatch('kind', form);
  const isNew = editing === undefined;
  const cap = kind ? LENGTH_CAPS[kind] : undefined;
  const dictionary = dictionaryChoice(kind);
  // A field saved with a kind no longer offered (its target model removed) still shows its kind.
  const kinds = kind && !OFFERED_KINDS.includes(kind) ? [...OFFERED_KINDS, kind] : OFFERED_KINDS;

  /** One antd rule per form item, backed by the shared checks of the whole definition. */
  const ruleFor = (name: keyof DefinitionFormValues) => ({
    validator: async () => {
      const issue = checkDefinition(form.getFieldsValue(true) as DefinitionFormValues, { withCode: isNew }).find(
        (one) => one.field === name,
      );
      if (issue) throw new Error(t(issue.key, issue.params));
    },
  });

  const submit = async (): Promise<void> => {
    setServerError(undefined);
    const values = (await form.validateFields().then(
      () => form.getFieldsValue(true) as DefinitionFormValues,
      () => undefined,
    )) as DefinitionFormValues | undefined;
    if (!values) return;
    setSaving(true);
    const definition = toDefinition(values);
    const outcome = isNew
      ? await createCustomField({ model, code: values.code.trim(), definition })
      : await updateCustomField({ sid: editing.sid, definition });
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) {
      onSaved();
      return;
    }
    const notice = describeFailure(outcome.error);
    setServerError(notice.kind === 'silent' ? t('model.loadFailed') : noticeText(t, notice));
  };

  return (
    <Drawer
      open
      width={560}
      title={isNew ? t('adminField.drawerCreate') : t('adminField.drawerEdit', { code: editing.code })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('adminField.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="custom-field-save">
            {t('adminField.save')}
          </Button>
        </Space>
      }
      data-testid="custom-field-drawer"
    >
      {serverError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={<span data-testid="custom-field-error">{serverError}</span>}
        />
      )}
      <Form<DefinitionFormValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(editing?.code ?? '', editing?.draft ?? editing?.published ?? null)}
        onValuesChange={(changed: Partial<DefinitionFormValues>) => {
          // Limits depend on each other and on the kind: check them again together.
          if ('min_length' in changed || 'max_length' in changed || 'kind' in changed)
            void form.validateFields(['min_length', 'max_length']).catch(() => undefined);
        }}
      >
        <Form.Item
          name="code"
          label={t('adminField.code')}
          extra={t('adminField.codeHint', { max: CODE_MAX })}
          rules={[ruleFor('code')]}
          required
        >
          <Input disabled={!isNew} count={lengthCount(CODE_MAX)} data-testid="custom-field-code" />
        </Form.Item>
        <Form.Item name="name_zh" label={t('adminField.nameZh')} rules={[ruleFor('name_zh')]} required>
          <Input count={lengthCount(NAME_ZH_MAX)} data-testid="custom-field-name-zh" />
        </Form.Item>
        <Form.Item name="name_en" label={t('adminField.nameEn')} rules={[ruleFor('name_en')]} required>
          <Input count={lengthCount(NAME_EN_MAX)} data-testid="custom-field-name-en" />
        </Form.Item>
        <Form.Item name="kind" label={t('adminField.kind')} rules={[ruleFor('kind')]} required>
          <Select
            disabled={!isNew}
            showSearch
            optionFilterProp="label"
            options={KIND_GROUPS.map((group) => ({
              label: t(`adminField.kindGroup.${group}`),
              options: kinds
                .filter((value) => kindGroup(value) === group)
                .map((value) => ({ value, label: t(CUSTOM_KIND_LABELS[value]) })),
            }))}
            data-testid="custom-field-kind"
          />
        </Form.Item>
        {dictionary !== 'none' && (
          <Form.Item
            name="dictionary"
            label={t('adminField.dictionary')}
            extra={
              dictionary === 'optional' && kind
                ? t('adminField.dictionaryDefault', { dictionary: customKindDictionary(kind)?.default ?? '' })
                : undefined
            }
            rules={[ruleFor('dictionary')]}
            required={dictionary === 'required'}
          >
            <AutoComplete
              options={BUILT_IN_DICTIONARIES.map((d) => ({
                value: d.name,
                label: `${labelIn(d.label, language)} (${d.name})`,
              }))}
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
              data-testid="custom-field-dictionary"
            />
          </Form.Item>
        )}
        {allowsMultiple(kind) && (
          <Form.Item name="multiple" label={t('adminField.multiple')} valuePropName="checked">
            <Switch data-testid="custom-field-multiple" />
          </Form.Item>
        )}
        {hasLengthLimits(kind) && cap !== undefined && (
          <Space align="start" size="large">
            <Form.Item name="min_length" label={t('adminField.minLength')} rules={[ruleFor('min_length')]}>
              <InputNumber min={1} max={cap} precision={0} data-testid="custom-field-min" />
            </Form.Item>
            <Form.Item
              name="max_length"
              label={t('adminField.maxLength')}
              extra={t('adminField.lengthHint', { max: cap })}
              rules={[ruleFor('max_length')]}
            >
              <InputNumber min={1} precision={0} data-testid="custom-field-max" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="required" label={t('adminField.required')} valuePropName="checked">
          <Switch data-testid="custom-field-required" />
        </Form.Item>
        {companys.length > 1 && (
          <Form.Item name="scope" label={t('adminField.scope')} extra={t('adminField.scopeHint')}>
            <Select mode="multiple" options={companys.map((c) => ({ value: c.sid, label: c.company_name }))} />
          </Form.Item>
        )}
        <Form.Item name="flags" label={t('adminField.flags')}>
          <Checkbox.Group
            options={CUSTOM_FLAGS.map((value) => ({ value, label: t(`adminField.flag.${value}`) }))}
            data-testid="custom-field-flags"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
