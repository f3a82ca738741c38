// A person's resignation: the handover person (an active person with a login account, not the one
// leaving) and the date, today by default. The dialog says what follows: the account is closed and the
// open to-dos go to the handover person.
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Modal, Select, Spin, Typography, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { searchRecords, type ModelRow } from '../../api/model';
import { resignPerson, type ResignInput } from '../../api/people';
import { FormNotice } from '../../components/FormNotice';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { modelKeys } from '../../models/queries';
import { useServerFieldErrors } from '../../components/field-errors';
import { handoverIql, personLabel } from './rules';

interface ResignValues {
  handover_person_sid?: string;
  resigned_on?: Dayjs | null;
}

/** What the dialog sends for its values. */
export function resignInput(record: ModelRow, values: ResignValues): ResignInput {
  return {
    sid: record.sid,
    version: record.version,
    handover_person_sid: values.handover_person_sid ?? '',
    ...(values.resigned_on && { resigned_on: values.resigned_on.format('YYYY-MM-DD') }),
  };
}

function HandoverSelect(props: {
  resigningSid: string;
  value?: string;
  onChange?: (value?: string) => void;
  id?: string;
}) {
  const { resigningSid, value, onChange, id } = props;
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, 300);
  const found = useQuery({
    queryKey: modelKeys.search('person', { handover: resigningSid, term: settled }),
    queryFn: () =>
      searchRecords(
        'person',
        { iql: handoverIql(resigningSid, settled), size: 20, fl: ['sid', 'name', 'job_number'] },
        { silent: true },
      ),
  });
  const outcome = found.data;
  const rows = outcome?.result === RESULT_CODES.success ? outcome.data.data.rows : [];
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const options = rows.map((row) => ({ value: row.sid, label: personLabel(row) }));
  // The chosen person keeps their name while another search is shown.
  if (value && !options.some((option) => option.value === value))
    options.unshift({ value, label: labels.get(value) ?? value });

  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setTerm}
      value={value}
      onChange={(next?: string) => {
        const label = options.find((option) => option.value === next)?.label;
        if (next && label) setLabels(new Map(labels).set(next, label));
        onChange?.(next);
      }}
      options={options}
      placeholder={t('peopleAction.handoverPlaceholder')}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : outcome !== undefined && outcome.result !== RESULT_CODES.success ? (
          <Typography.Text type="danger">{t('model.loadFailed')}</Typography.Text>
        ) : undefined
      }
      data-testid="resign-handover"
    />
  );
}

export interface ResignDialogProps {
  record: ModelRow;
  title: string;
  subCompanySid?: string;
  onClose: () => void;
  /** After the resignation, or after a conflict (the record changed meanwhile) to read it again. */
  onChanged: () => Promise<void>;
  onResigned: () => void;
}

export function ResignDialog({ record, title, subCompanySid, onClose, onChanged, onResigned }: ResignDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResignValues>();
  const placeFieldErrors = useServerFieldErrors(form);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const submit = async (values: ResignValues): Promise<void> => {
    setNotice(undefined);
    setSaving(true);
    const outcome = await resignPerson(resignInput(record, values), { subCompanySid });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      placeFieldErrors(outcome.error, ['handover_person_sid', 'resigned_on']);
      setNotice(inlineNotice(outcome.error));
      // Changed meanwhile: read the record again, so a second try sends its current version.
      if (outcome.error.body?.code === errors.conflict.code) await onChanged();
      return;
    }
    onResigned();
  };

  return (
    <Modal
      open
      title={<span data-testid="resign-title">{title}</span>}
      okText={t('peopleAction.resignSubmit')}
      cancelText={t('model.cancel')}
      okButtonProps={{ danger: true, loading: saving, 'data-testid': 'resign-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={<span data-testid="resign-explain">{t('peopleAction.resignExplain')}</span>}
      />
      <FormNotice notice={notice} testId="resign-error" />
      <Form<ResignValues>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ resigned_on: dayjs() }}
        onFinish={(values) => void submit(values)}
        data-testid="resign-form"
      >
        <Form.Item
          name="handover_person_sid"
          label={t('peopleAction.handover')}
          required
          rules={[{ required: true, message: t('peopleAction.handoverRequired') }]}
          extra={t('peopleAction.handoverHint')}
          data-testid="resign-item-handover"
        >
          <HandoverSelect resigningSid={record.sid} />
        </Form.Item>
        <Form.Item
          name="resigned_on"
          label={t('peopleAction.resignedOn')}
          required
          rules={[{ required: true, message: t('peopleAction.resignedOnRequired') }]}
          data-testid="resign-item-date"
        >
          <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="resign-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
