// A new process: its key (the BPMN process id, fixed for good), name, and the business model it runs on
// (fixed too, spec §5), chosen from the models the user may see. It starts from the template (start →
// submit → end) as version 1, a draft, and opens in the designer.
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, WORKFLOW_KEY_PATTERN, WORKFLOW_NAME_MAX_LENGTH } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { createDefinition } from '../../api/workflow';
import { FormNotice } from '../../components/FormNotice';
import { lengthCount } from '../../components/length-limit';

export interface ModelChoice {
  value: string;
  label: string;
}

interface NewDefinitionValues {
  key: string;
  name: string;
  model: string;
}

export function NewDefinitionDialog({
  models,
  onClose,
  onCreated,
}: {
  models: ModelChoice[];
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewDefinitionValues>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const submit = async (values: NewDefinitionValues): Promise<void> => {
    setSaving(true);
    setNotice(undefined);
    const outcome = await createDefinition({ key: values.key.trim(), name: values.name.trim(), model: values.model });
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) onCreated(outcome.data.data.key);
    else setNotice(inlineNotice(outcome.error));
  };

  return (
    <Modal
      open
      title={t('wfDefs.newTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('wfDefs.create')}
      cancelText={t('model.cancel')}
      confirmLoading={saving}
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'wf-new-submit' }}
      destroyOnHidden
      data-testid="wf-new-dialog"
    >
      <FormNotice notice={notice} testId="wf-new-error" />
      <Form<NewDefinitionValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="key"
          label={t('wfDefs.key')}
          extra={t('wfDefs.keyHint')}
          rules={[
            { required: true, message: t('wfDefs.keyRequired') },
            { pattern: WORKFLOW_KEY_PATTERN, message: t('wfDefs.keyPattern') },
          ]}
        >
          <Input autoFocus data-testid="wf-new-key" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('wfDefs.name')}
          rules={[
            { required: true, whitespace: true, message: t('wfDefs.nameRequired') },
            { max: WORKFLOW_NAME_MAX_LENGTH, message: t('wfDefs.nameTooLong', { max: WORKFLOW_NAME_MAX_LENGTH }) },
          ]}
        >
          <Input count={lengthCount(WORKFLOW_NAME_MAX_LENGTH)} data-testid="wf-new-name" />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('wfDefs.model')}
          extra={t('wfDefs.modelHint')}
          rules={[{ required: true, message: t('wfDefs.modelRequired') }]}
        >
          <Select showSearch optionFilterProp="label" options={models} data-testid="wf-new-model" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
