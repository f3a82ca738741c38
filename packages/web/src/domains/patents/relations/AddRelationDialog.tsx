// Adding a related case: the relation type, the other case (patents searched by case number or title)
// and which of the two is the parent. As soon as all three are chosen the server checks the relation:
// errors block it, warnings are listed and must be confirmed ("I have read the warnings") before Save.
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Modal, Radio, Select, Space, Spin, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  RELATION_TYPE_LABELS,
  RELATION_TYPES,
  RESULT_CODES,
  errors,
  isLanguage,
  type RelationType,
  labelIn,
} from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import { searchRecords, type ModelRow } from '../../../api/model';
import { FormNotice } from '../../../components/FormNotice';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { modelKeys } from '../../../models/queries';
import { matchIql } from '../../../models/search/iql-build';
import { checkRelation, createRelation, relationKeys, type Direction, type RelationProblem } from './api';

/** A patent as the picker lists it: case number, title and office. */
export function caseLabel(row: ModelRow): string {
  const parts = [row.sn, row.title].filter((part): part is string => typeof part === 'string' && part !== '');
  const office = typeof row.country === 'string' && row.country !== '' ? ` [${row.country}]` : '';
  return `${parts.join(' · ') || row.sid}${office}`;
}

function CaseSelect({
  excludeSid,
  value,
  onChange,
}: {
  excludeSid: string;
  value: string | undefined;
  onChange: (sid: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, 300);
  const found = useQuery({
    queryKey: modelKeys.search('patent', { relationPicker: settled }),
    queryFn: () =>
      searchRecords(
        'patent',
        { iql: matchIql(settled), size: 20, fl: ['sid', 'sn', 'title', 'country'] },
        { silent: true },
      ),
  });
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const rows = found.data?.result === RESULT_CODES.success ? found.data.data.data.rows : [];
  const options = rows
    .filter((row) => row.sid !== excludeSid)
    .map((row) => ({ value: row.sid, label: caseLabel(row) }));
  if (value && !options.some((option) => option.value === value))
    options.unshift({ value, label: labels.get(value) ?? value });
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setTerm}
      value={value}
      onChange={(next?: string) => {
        const label = options.find((option) => option.value === next)?.label;
        if (next && label) setLabels(new Map(labels).set(next, label));
        onChange(next);
      }}
      options={options}
      placeholder={t('relations.otherPlaceholder')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      data-testid="relation-other"
    />
  );
}

function ProblemList({ problems, testPrefix }: { problems: RelationProblem[]; testPrefix: string }) {
  return (
    <Space direction="vertical" size={0}>
      {problems.map((problem) => (
        <span key={problem.code} data-testid={`${testPrefix}-${problem.code}`}>
          {problem.message}
        </span>
      ))}
    </Space>
  );
}

export interface AddRelationDialogProps {
  sid: string;
  subCompanySid?: string;
  onClose: () => void;
  onAdded: () => Promise<void>;
}

export function AddRelationDialog({ sid, subCompanySid, onClose, onAdded }: AddRelationDialogProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [type, setType] = useState<RelationType>();
  const [other, setOther] = useState<string>();
  const [direction, setDirection] = useState<Direction>('child');
  const [confirmed, setConfirmed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const input = type && other ? { type, other_sid: other, direction } : undefined;
  const check = useQuery({
    queryKey: input ? relationKeys.check(sid, input) : ['model', 'patent', 'links', sid, 'relation-check', null],
    queryFn: () => checkRelation(sid, input!, { subCompanySid }),
    enabled: input !== undefined,
    staleTime: 0,
  });
  const answer = input && check.data?.result === RESULT_CODES.success ? check.data.data.data : undefined;
  const checkFailed = input && check.data !== undefined && check.data.result !== RESULT_CODES.success;
  const warnings = answer?.warnings ?? [];
  const blocked = (answer?.errors.length ?? 0) > 0;
  const canSave = answer !== undefined && !blocked && (warnings.length === 0 || confirmed) && !check.isFetching;

  // A new choice means new warnings: they are confirmed again.
  const choose = (apply: () => void) => {
    apply();
    setConfirmed(false);
    setNotice(undefined);
  };

  const save = async (): Promise<void> => {
    if (!input || !answer) return;
    setSaving(true);
    setNotice(undefined);
    const outcome = await createRelation(
      sid,
      { ...input, acknowledged: warnings.map((w) => w.code) },
      { subCompanySid },
    );
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      // The cases changed meanwhile and the warnings with them: show the new ones to confirm.
      if (outcome.error.body?.code === errors.relationWarnings.code) {
        setConfirmed(false);
        await check.refetch();
      }
      return;
    }
    await onAdded();
  };

  return (
    <Modal
      open
      title={t('relations.dialogTitle')}
      okText={t('relations.save')}
      cancelText={t('relations.cancel')}
      okButtonProps={{ disabled: !canSave, loading: saving, 'data-testid': 'relation-save' } as ButtonProps}
      onOk={() => void save()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <FormNotice notice={notice} testId="relation-error" />
      <Form layout="vertical" disabled={saving}>
        <Form.Item label={t('relations.type')} required>
          <Select
            value={type}
            onChange={(next: RelationType) => choose(() => setType(next))}
            options={RELATION_TYPES.map((value) => ({
              value,
              label: labelIn(RELATION_TYPE_LABELS[value], language),
            }))}
            data-testid="relation-type"
          />
        </Form.Item>
        <Form.Item label={t('relations.other')} required>
          <CaseSelect excludeSid={sid} value={other} onChange={(next) => choose(() => setOther(next))} />
        </Form.Item>
        <Form.Item label={t('relations.direction')} required>
          <Radio.Group
            value={direction}
            onChange={(event) => choose(() => setDirection(event.target.value as Direction))}
            optionType="button"
            options={[
              { value: 'parent', label: t('relations.parent') },
              { value: 'child', label: t('relations.child') },
            ]}
            data-testid="relation-direction"
          />
        </Form.Item>
      </Form>
      {input && check.isFetching && <Typography.Text type="secondary">{t('relations.checking')}</Typography.Text>}
      {checkFailed && check.data.result !== RESULT_CODES.success && (
        <FormNotice notice={inlineNotice(check.data.error)} testId="relation-check-error" />
      )}
      {answer && !check.isFetching && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {blocked && (
            <Alert
              type="error"
              showIcon
              message={t('relations.errorsTitle')}
              description={<ProblemList problems={answer.errors} testPrefix="relation-error" />}
            />
          )}
          {!blocked && warnings.length > 0 && (
            <>
              <Alert
                type="warning"
                showIcon
                message={t('relations.warningsTitle')}
                description={<ProblemList problems={warnings} testPrefix="relation-warning" />}
              />
              <Checkbox
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
                data-testid="relation-confirm"
              >
                {t('relations.confirm')}
              </Checkbox>
            </>
          )}
          {!blocked && warnings.length === 0 && (
            <Alert type="success" showIcon message={t('relations.noProblems')} data-testid="relation-ok" />
          )}
        </Space>
      )}
    </Modal>
  );
}
