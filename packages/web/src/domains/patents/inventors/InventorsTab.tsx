// The inventors tab of a patent: an editable table of inventors (name, optional internal person, share
// in percent) with the running sum. Save stays disabled, with the reason shown, until the core check
// passes (names, two decimals, exactly 100); the server's refusals appear above the table.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors, INVENTOR_NAME_MAX_LENGTH, MAX_INVENTORS } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import { FormNotice } from '../../../components/FormNotice';
import { LoadFailed, LoadingCard } from '../../../models/ModelPageState';
import { abilitiesOf } from '../../../models/schema';
import type { DetailTabProps } from '../types';
import { fetchInventors, inventorKeys, saveInventors, type Inventor } from './api';
import { lengthCount } from '../../../components/length-limit';
import { draftProblems, emptyRow, isChanged, problemText, sumText, toDraft, toInput, type DraftRow } from './draft';
import { PersonSelect } from './PersonSelect';

export function InventorsTab({ schema, record, subCompanySid, onChanged }: DetailTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = abilitiesOf(schema).update;
  const query = useQuery({
    queryKey: inventorKeys.list(record.sid),
    queryFn: () => fetchInventors(record.sid, { subCompanySid }),
  });
  const stored = useMemo<Inventor[] | undefined>(
    () => (query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined),
    [query.data],
  );
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  // Person names as the stored list or a pick gave them, for the person selects.
  const [personNames, setPersonNames] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    if (!stored) return;
    setRows(toDraft(stored));
    setPersonNames(new Map(stored.flatMap((i) => (i.person_sid ? [[i.person_sid, i.name] as const] : []))));
  }, [stored]);

  if (!stored) return query.data ? <LoadFailed onRetry={() => void query.refetch()} /> : <LoadingCard />;

  const problems = draftProblems(rows);
  const changed = isChanged(rows, stored);
  const update = (key: string, patch: Partial<DraftRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const save = async (): Promise<void> => {
    setNotice(undefined);
    setSaving(true);
    const outcome = await saveInventors(
      record.sid,
      { version: record.version, inventors: toInput(rows) },
      { subCompanySid },
    );
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      // Changed meanwhile: read the case again, so the next save sends its current version.
      if (outcome.error.body?.code === errors.conflict.code) {
        setNotice({ kind: 'text', key: 'inventors.changedElsewhere' });
        await Promise.all([onChanged(), query.refetch()]);
      }
      return;
    }
    queryClient.setQueryData(inventorKeys.list(record.sid), {
      ...outcome,
      data: { ...outcome.data, data: outcome.data.data.inventors },
    });
    void message.success(t('inventors.saved'));
    await onChanged();
  };

  const columns: TableColumnsType<DraftRow> = [
    { key: 'position', title: t('inventors.position'), width: 64, render: (_v, _row, index) => index + 1 },
    {
      key: 'name',
      title: t('inventors.name'),
      render: (_v, row, index) => (
        <Input
          value={row.name}
          count={lengthCount(INVENTOR_NAME_MAX_LENGTH)}
          placeholder={t('inventors.namePlaceholder')}
          disabled={!canEdit || saving}
          status={
            problems.some((p) => (p.code === 'nameRequired' || p.code === 'nameTooLong') && p.index === index)
              ? 'error'
              : undefined
          }
          onChange={(event) => update(row.key, { name: event.target.value })}
          data-testid={`inventor-name-${index}`}
        />
      ),
    },
    {
      key: 'person',
      title: t('inventors.person'),
      render: (_v, row, index) => (
        <PersonSelect
          value={row.person_sid}
          chosenLabel={row.person_sid ? personNames.get(row.person_sid) : undefined}
          disabled={!canEdit || saving}
          onChange={(sid, name) => {
            if (sid && name) setPersonNames(new Map(personNames).set(sid, name));
            update(row.key, { person_sid: sid, ...(name && row.name.trim() === '' ? { name } : {}) });
          }}
          testId={`inventor-person-${index}`}
        />
      ),
    },
    {
      key: 'contribution',
      title: t('inventors.contribution'),
      width: 160,
      render: (_v, row, index) => (
        <Input
          value={row.contribution}
          inputMode="decimal"
          suffix="%"
          disabled={!canEdit || saving}
          status={
            problems.some(
              (p) =>
                p.code !== 'sumNot100' && p.code !== 'nameRequired' && p.code !== 'nameTooLong' && p.index === index,
            )
              ? 'error'
              : undefined
          }
          onChange={(event) => update(row.key, { contribution: event.target.value.trim() })}
          data-testid={`inventor-contribution-${index}`}
        />
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('inventors.actions'),
            width: 88,
            render: (_v: unknown, row: DraftRow, index: number) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('inventors.remove')}
                disabled={saving}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                data-testid={`inventor-remove-${index}`}
              />
            ),
          },
        ]
      : []),
  ];

  const sumProblem = problems.find((p) => p.code === 'sumNot100');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="inventors-tab">
      <FormNotice notice={notice} testId="inventors-error" />
      <Table<DraftRow>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('inventors.empty') }}
        onRow={(_row, index) => ({ 'data-testid': `inventor-row-${index ?? 0}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type={sumProblem ? 'danger' : undefined} data-testid="inventors-sum">
          {t('inventors.sum', { sum: sumText(rows) })}
        </Typography.Text>
        {canEdit && (
          <Space wrap>
            <Button
              icon={<PlusOutlined />}
              disabled={saving || rows.length >= MAX_INVENTORS}
              onClick={() => setRows((current) => [...current, emptyRow()])}
              data-testid="inventor-add"
            >
              {t('inventors.add')}
            </Button>
            <Button
              disabled={saving || !changed}
              onClick={() => setRows(toDraft(stored))}
              data-testid="inventors-reset"
            >
              {t('inventors.reset')}
            </Button>
            <Button
              type="primary"
              loading={saving}
              disabled={!changed || problems.length > 0}
              onClick={() => void save()}
              data-testid="inventors-save"
            >
              {t('inventors.save')}
            </Button>
          </Space>
        )}
      </Flex>
      {canEdit && changed && problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="inventors-problems"
          message={
            <Space direction="vertical" size={0}>
              {problems.map((problem, i) => {
                const { key, params } = problemText(problem);
                return <span key={i}>{t(key, params)}</span>;
              })}
            </Space>
          }
        />
      )}
    </Space>
  );
}
