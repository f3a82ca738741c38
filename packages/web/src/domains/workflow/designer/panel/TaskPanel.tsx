// A user task's approval settings (ipdesk:Approval): approvers, the people copied (cc), vote mode, level-by-level approval, what
// happens with repeated approvers and with nobody found, free jump, add-sign, due and reminder hours, the
// outcome variable and the field permissions. Each change writes the whole element anew as one command.
import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_APPROVER_OUTCOMES,
  MAX_APPROVAL_LEVEL,
  REPEATED_MODES,
  VOTE_MODES,
  type EmptyApproverOutcome,
  type RepeatedMode,
  type VoteMode,
} from '@ipdesk/core';
import type { SchemaField } from '../../../../api/model';
import { writeApproval, type DiagramElement, type DiagramServices } from '../diagram-services';
import { readApproval, type ApprovalForm } from '../extension-values';
import { ApproversEditor } from './ApproversEditor';
import { CommitInput, CommitNumber } from './CommitInput';
import { FieldAccessEditor } from './FieldAccessEditor';

interface TaskPanelProps {
  services: DiagramServices;
  task: DiagramElement;
  model: string;
  fields: readonly SchemaField[];
  disabled: boolean;
}

const LEVELS = Array.from({ length: MAX_APPROVAL_LEVEL + 1 }, (_, level) => level);

export function TaskPanel({ services, task, model, fields, disabled }: TaskPanelProps) {
  const { t } = useTranslation();
  const form = readApproval(task.businessObject);
  const update = (change: Partial<ApprovalForm>) => writeApproval(services, task, { ...form, ...change });

  return (
    <>
      <Form.Item label={t('designer.approvers')}>
        <ApproversEditor
          value={form.approvers}
          onChange={(approvers) => update({ approvers })}
          model={model}
          fields={fields}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item label={t('designer.cc')} tooltip={t('designer.ccHint')}>
        <ApproversEditor
          list="cc"
          value={form.cc}
          onChange={(cc) => update({ cc })}
          model={model}
          fields={fields}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item label={t('designer.voteMode')} tooltip={t('designer.voteModeHint')}>
        <Select<VoteMode>
          value={form.voteMode}
          onChange={(voteMode) => update({ voteMode })}
          options={VOTE_MODES.map((mode) => ({ value: mode, label: `${mode} · ${t(`designer.voteMode.${mode}`)}` }))}
          disabled={disabled}
          data-testid="designer-vote-mode"
        />
      </Form.Item>
      <Form.Item label={t('designer.levelApprove')} tooltip={t('designer.levelApproveHint')}>
        <Select<number>
          value={form.levelApprove}
          onChange={(levelApprove) => update({ levelApprove })}
          options={[
            ...LEVELS.map((level) => ({
              value: level,
              label: level === 0 ? t('designer.levelApproveOff') : t('designer.levelApproveLevels', { levels: level }),
            })),
            // A level outside 0–8 read from the XML stays visible (the design check reports it).
            ...(LEVELS.includes(form.levelApprove)
              ? []
              : [{ value: form.levelApprove, label: String(form.levelApprove) }]),
          ]}
          disabled={disabled}
          data-testid="designer-level-approve"
        />
      </Form.Item>
      <Form.Item label={t('designer.repeatedMode')}>
        <Select<RepeatedMode>
          value={form.repeatedMode}
          onChange={(repeatedMode) => update({ repeatedMode })}
          options={REPEATED_MODES.map((mode) => ({ value: mode, label: t(`designer.repeatedMode.${mode}`) }))}
          disabled={disabled}
          data-testid="designer-repeated-mode"
        />
      </Form.Item>
      <Form.Item label={t('designer.emptyApprovers')}>
        <Select<EmptyApproverOutcome>
          value={form.emptyApprovers}
          onChange={(emptyApprovers) => update({ emptyApprovers })}
          options={EMPTY_APPROVER_OUTCOMES.map((outcome) => ({
            value: outcome,
            label: t(`designer.emptyApprovers.${outcome}`),
          }))}
          disabled={disabled}
          data-testid="designer-empty-approvers"
        />
      </Form.Item>
      <Form.Item label={t('designer.freeJump')} tooltip={t('designer.freeJumpHint')}>
        <Switch
          checked={form.freeJump}
          onChange={(freeJump) => update({ freeJump })}
          disabled={disabled}
          data-testid="designer-free-jump"
        />
      </Form.Item>
      <Form.Item label={t('designer.addSign')} tooltip={t('designer.addSignHint')}>
        <Switch
          checked={form.addSign}
          onChange={(addSign) => update({ addSign })}
          disabled={disabled}
          data-testid="designer-add-sign"
        />
      </Form.Item>
      <Form.Item label={t('designer.dueHours')} tooltip={t('designer.hoursHint')}>
        <CommitNumber
          value={form.dueHours}
          min={1}
          onCommit={(dueHours) => update({ dueHours })}
          disabled={disabled}
          testId="designer-due-hours"
        />
      </Form.Item>
      <Form.Item label={t('designer.remindHours')} tooltip={t('designer.hoursHint')}>
        <CommitNumber
          value={form.remindHours}
          min={1}
          onCommit={(remindHours) => update({ remindHours })}
          disabled={disabled}
          testId="designer-remind-hours"
        />
      </Form.Item>
      <Form.Item label={t('designer.variable')} tooltip={t('designer.variableHint')}>
        <CommitInput
          value={form.variable ?? ''}
          onCommit={(variable) => update({ variable: variable.trim() === '' ? null : variable.trim() })}
          disabled={disabled}
          testId="designer-variable"
        />
      </Form.Item>
      <Form.Item label={t('designer.fieldAccess')}>
        <FieldAccessEditor
          value={form.fields}
          onChange={(entries) => update({ fields: entries })}
          fields={fields}
          disabled={disabled}
        />
      </Form.Item>
    </>
  );
}
