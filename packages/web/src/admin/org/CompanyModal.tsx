// Creating a sub-company under the selected one, or editing a company: name, simple name, capital
// letters (for sorting and search by initials) and sort number. The server's refusal is shown above.
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { createCompany, updateCompany, type CompanyRow } from '../../api/org';
import { useDialogSave } from './org-feedback';
import { OrgDialog } from './OrgDialog';
import {
  COMPANY_CAPITAL_MAX,
  COMPANY_NAME_MAX,
  COMPANY_SIMPLE_NAME_MAX,
  SORT_MAX,
  SORT_MIN,
  orNull,
} from './org-rules';
import { lengthCount } from '../../components/length-limit';

interface CompanyFormValues {
  company_name: string;
  simple_name?: string;
  cname_capital?: string;
  sort_by?: number | null;
}

export function CompanyModal({
  mode,
  onClose,
  onSaved,
}: {
  mode: { kind: 'create'; parent: CompanyRow } | { kind: 'edit'; company: CompanyRow };
  onClose: () => void;
  onSaved: (company: CompanyRow) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyFormValues>();
  const { saving, error, clearError, save } = useDialogSave();
  const editing = mode.kind === 'edit' ? mode.company : undefined;

  const submit = async (): Promise<void> => {
    clearError();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const fields = {
      company_name: values.company_name.trim(),
      simple_name: orNull(values.simple_name),
      cname_capital: orNull(values.cname_capital),
      sort_by: values.sort_by ?? 0,
    };
    const saved = await save(() =>
      mode.kind === 'create'
        ? createCompany({ ...fields, parent_sid: mode.parent.sid })
        : updateCompany({ ...fields, sid: mode.company.sid, version: mode.company.version }),
    );
    if (saved) onSaved(saved);
  };

  return (
    <OrgDialog
      title={
        mode.kind === 'create'
          ? t('adminOrg.createCompanyTitle', { parent: mode.parent.company_name })
          : t('adminOrg.editCompanyTitle', { name: mode.company.company_name })
      }
      okText={t('adminOrg.save')}
      okTestId="company-save"
      error={error}
      errorTestId="company-error"
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Form<CompanyFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          company_name: editing?.company_name ?? '',
          simple_name: editing?.simple_name ?? '',
          cname_capital: editing?.cname_capital ?? '',
          sort_by: editing?.sort_by ?? 0,
        }}
      >
        <Form.Item
          name="company_name"
          label={t('adminOrg.companyName')}
          rules={[
            { required: true, whitespace: true, message: t('adminOrg.nameRequired') },
            { max: COMPANY_NAME_MAX, message: t('adminOrg.tooLong', { max: COMPANY_NAME_MAX }) },
          ]}
        >
          <Input count={lengthCount(COMPANY_NAME_MAX)} data-testid="company-name" />
        </Form.Item>
        <Form.Item
          name="simple_name"
          label={t('adminOrg.simpleName')}
          rules={[{ max: COMPANY_SIMPLE_NAME_MAX, message: t('adminOrg.tooLong', { max: COMPANY_SIMPLE_NAME_MAX }) }]}
        >
          <Input count={lengthCount(COMPANY_SIMPLE_NAME_MAX)} data-testid="company-simple-name" />
        </Form.Item>
        <Form.Item
          name="cname_capital"
          label={t('adminOrg.capital')}
          extra={t('adminOrg.capitalHint')}
          rules={[{ max: COMPANY_CAPITAL_MAX, message: t('adminOrg.tooLong', { max: COMPANY_CAPITAL_MAX }) }]}
        >
          <Input count={lengthCount(COMPANY_CAPITAL_MAX)} data-testid="company-capital" />
        </Form.Item>
        <Form.Item name="sort_by" label={t('adminOrg.sort')} extra={t('adminOrg.sortHint')}>
          <InputNumber min={SORT_MIN} max={SORT_MAX} precision={0} data-testid="company-sort" />
        </Form.Item>
      </Form>
    </OrgDialog>
  );
}
