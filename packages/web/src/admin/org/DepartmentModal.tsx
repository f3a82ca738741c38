// Adding a department (at the top of the company or under another) or editing one: name (unique among
// its siblings), English name, code, leader (a user) and sort number. The server's refusal is shown above.
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { createDepartment, updateDepartment, type DepartmentRow } from '../../api/org';
import { UserSearchSelect } from '../roles/UserSearchSelect';
import { useDialogSave } from './org-feedback';
import { OrgDialog } from './OrgDialog';
import {
  DEPARTMENT_CODE_MAX,
  DEPARTMENT_NAME_EN_MAX,
  DEPARTMENT_NAME_MAX,
  SORT_MAX,
  SORT_MIN,
  orNull,
} from './org-rules';
import { lengthCount } from '../../components/length-limit';

interface DepartmentFormValues {
  name: string;
  name_en?: string;
  code?: string;
  leader?: string[];
  sort_by?: number | null;
}

export function DepartmentModal({
  mode,
  leaderNames,
  onClose,
  onSaved,
}: {
  mode:
    | { kind: 'create'; companySid: string; parent: DepartmentRow | undefined }
    | { kind: 'edit'; department: DepartmentRow };
  leaderNames: ReadonlyMap<string, string>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DepartmentFormValues>();
  const { saving, error, clearError, save } = useDialogSave();
  const editing = mode.kind === 'edit' ? mode.department : undefined;

  const submit = async (): Promise<void> => {
    clearError();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const fields = {
      name: values.name.trim(),
      name_en: orNull(values.name_en),
      code: orNull(values.code),
      leader_sid: values.leader?.[0] ?? null,
      sort_by: values.sort_by ?? 0,
    };
    const saved = await save(() =>
      mode.kind === 'create'
        ? createDepartment({ ...fields, company_sid: mode.companySid, parent_sid: mode.parent?.sid ?? null })
        : updateDepartment({ ...fields, sid: mode.department.sid, version: mode.department.version }),
    );
    if (saved) onSaved();
  };

  const title =
    mode.kind === 'edit'
      ? t('adminOrg.editDepartmentTitle', { name: mode.department.name })
      : mode.parent
        ? t('adminOrg.createChildDepartmentTitle', { parent: mode.parent.name })
        : t('adminOrg.createDepartmentTitle');

  return (
    <OrgDialog
      title={title}
      okText={t('adminOrg.save')}
      okTestId="department-save"
      error={error}
      errorTestId="department-error"
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Form<DepartmentFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: editing?.name ?? '',
          name_en: editing?.name_en ?? '',
          code: editing?.code ?? '',
          leader: editing?.leader_sid ? [editing.leader_sid] : [],
          sort_by: editing?.sort_by ?? 0,
        }}
      >
        <Form.Item
          name="name"
          label={t('adminOrg.departmentName')}
          extra={t('adminOrg.departmentNameHint')}
          rules={[
            { required: true, whitespace: true, message: t('adminOrg.nameRequired') },
            { max: DEPARTMENT_NAME_MAX, message: t('adminOrg.tooLong', { max: DEPARTMENT_NAME_MAX }) },
          ]}
        >
          <Input count={lengthCount(DEPARTMENT_NAME_MAX)} data-testid="department-name" />
        </Form.Item>
        <Form.Item
          name="name_en"
          label={t('adminOrg.departmentNameEn')}
          rules={[{ max: DEPARTMENT_NAME_EN_MAX, message: t('adminOrg.tooLong', { max: DEPARTMENT_NAME_EN_MAX }) }]}
        >
          <Input count={lengthCount(DEPARTMENT_NAME_EN_MAX)} data-testid="department-name-en" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('adminOrg.departmentCode')}
          rules={[{ max: DEPARTMENT_CODE_MAX, message: t('adminOrg.tooLong', { max: DEPARTMENT_CODE_MAX }) }]}
        >
          <Input count={lengthCount(DEPARTMENT_CODE_MAX)} data-testid="department-code" />
        </Form.Item>
        <Form.Item name="leader" label={t('adminOrg.leader')} htmlFor="department-leader">
          <LeaderInput names={leaderNames} />
        </Form.Item>
        <Form.Item name="sort_by" label={t('adminOrg.sort')} extra={t('adminOrg.sortHint')}>
          <InputNumber min={SORT_MIN} max={SORT_MAX} precision={0} data-testid="department-sort" />
        </Form.Item>
      </Form>
    </OrgDialog>
  );
}

/** The leader as a form control: a single user, held as a one-element list. */
function LeaderInput({
  value,
  onChange,
  names,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <UserSearchSelect
      id="department-leader"
      platform={1}
      multiple={false}
      value={value ?? []}
      onChange={(sids) => onChange?.(sids)}
      knownNames={names}
      testId="department-leader"
    />
  );
}
