// A user task's approvers (spec §4 approver choices): a list of rules, each a kind and, for the kinds that
// name people, its values. The design check reports a rule whose kind needs values and has none, so a
// row just added shows what is missing rather than vanishing. The same editor lists the people a step copies
// (cc), with its own words and test ids.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPROVER_KINDS,
  APPROVER_KINDS_WITH_VALUES,
  type ApproverKind,
  type ApproverRule,
  type MessageKey,
} from '@ipdesk/core';
import type { SchemaField } from '../../../../api/model';
import {
  CompaniesPicker,
  DepartmentsPicker,
  LevelsPicker,
  RolesPicker,
  UserFieldsPicker,
  UsersPicker,
  type ValuesProps,
} from './pickers';

interface ApproversEditorProps {
  value: ApproverRule[];
  onChange: (rules: ApproverRule[]) => void;
  model: string;
  fields: readonly SchemaField[];
  disabled?: boolean;
  /** approvers (default) or the people copied once the step is approved. */
  list?: 'approvers' | 'cc';
}

const WORDS: Record<'approvers' | 'cc', { none: MessageKey; add: MessageKey; remove: MessageKey; testId: string }> = {
  approvers: {
    none: 'designer.noApprovers',
    add: 'designer.addApprover',
    remove: 'designer.removeApprover',
    testId: 'designer-approver',
  },
  cc: { none: 'designer.noCc', add: 'designer.addCc', remove: 'designer.removeCc', testId: 'designer-cc' },
};

function ValuesInput({
  kind,
  model,
  fields,
  ...props
}: ValuesProps & { kind: ApproverKind; model: string; fields: readonly SchemaField[] }): ReactNode {
  switch (kind) {
    case 'user':
      return <UsersPicker {...props} model={model} />;
    case 'role':
      return <RolesPicker {...props} />;
    case 'department':
      return <DepartmentsPicker {...props} model={model} />;
    case 'company':
    case 'crossCompany':
      return <CompaniesPicker {...props} />;
    case 'orgLevel':
      return <LevelsPicker {...props} />;
    case 'userField':
      return <UserFieldsPicker {...props} fields={fields} />;
    default:
      return null;
  }
}

export function ApproversEditor({
  value,
  onChange,
  model,
  fields,
  disabled,
  list = 'approvers',
}: ApproversEditorProps) {
  const { t } = useTranslation();
  const words = WORDS[list];
  const id = words.testId;
  const change = (index: number, rule: ApproverRule) => onChange(value.map((old, at) => (at === index ? rule : old)));

  return (
    <Flex vertical gap={8} data-testid={`${id}s`}>
      {value.length === 0 && <Typography.Text type="secondary">{t(words.none)}</Typography.Text>}
      {value.map((rule, index) => (
        <Card size="small" key={index} styles={{ body: { padding: 8 } }} data-testid={`${id}-${index}`}>
          <Flex vertical gap={6}>
            <Flex gap={6}>
              <Select<ApproverKind>
                style={{ flex: 1 }}
                value={rule.kind}
                onChange={(kind) => change(index, { kind, values: [] })}
                options={APPROVER_KINDS.map((kind) => ({ value: kind, label: t(`designer.approverKind.${kind}`) }))}
                disabled={disabled}
                data-testid={`${id}-${index}-kind`}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t(words.remove)}
                title={t(words.remove)}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
                disabled={disabled}
                data-testid={`${id}-${index}-remove`}
              />
            </Flex>
            {APPROVER_KINDS_WITH_VALUES.has(rule.kind) && (
              <ValuesInput
                kind={rule.kind}
                model={model}
                fields={fields}
                value={rule.values}
                onChange={(values) => change(index, { kind: rule.kind, values })}
                disabled={disabled}
                testId={`${id}-${index}-values`}
              />
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`designer.approverKindHint.${rule.kind}`)}
            </Typography.Text>
          </Flex>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, { kind: 'role', values: [] }])}
        disabled={disabled}
        data-testid={`${id}-add`}
      >
        {t(words.add)}
      </Button>
    </Flex>
  );
}
