// The case's fees tab: the whole fee schedule the rules give (every year up to the end of the term)
// beside the stored fee records — amounts, reduction, surcharge bands, how well each amount's source is
// checked — and, for users who may update fees, payments and maintain/abandon decisions. Fees entered
// by hand (and rule fees no longer scheduled) follow in a second table.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Flex,
  Popover,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, RESULT_CODES, isLanguage, type Language } from '@ipdesk/core';
import {
  createFeeRecord,
  fetchFeeSchedule,
  patentRuleKeys,
  type FeeScheduleLine,
  type FeeSurcharge,
  type StoredFee,
} from '../../../api/patent-rules';
import { LoadFailed } from '../../../models/ModelPageState';
import { modelKeys, useModelSchema } from '../../../models/queries';
import { abilitiesOf } from '../../../models/schema';
import { mayUse, useHeldResources } from '../../people/resources';
import type { DetailTabProps } from '../types';
import { FeeActions } from './FeeActions';
import {
  SOURCE_TAG,
  decisionLabel,
  feeStatusTag,
  isOpenFee,
  moneyText,
  offeredFeeActions,
  reductionText,
} from './fee-rules';

/** Test ids of schedule lines: the patent year, or the fee type of a one-off official fee (year 0). */
const lineTestKey = (line: FeeScheduleLine): string => (line.patent_year ? String(line.patent_year) : line.fee_code);

// Stable empty lists: tables re-measure whenever their rows are a new array.
const NO_LINES: FeeScheduleLine[] = [];
const NO_FEES: StoredFee[] = [];
const rowProps = (testId: string) => ({ 'data-testid': testId }) as HTMLAttributes<HTMLElement>;

/** Without the fees resource nothing is asked (the server would refuse every call). */
export function FeesTab(props: DetailTabProps) {
  const { t } = useTranslation();
  const held = useHeldResources();
  if (!mayUse(held, 'fee'))
    return <Result status="403" subTitle={<span data-testid="fees-no-access">{t('patentFees.noAccess')}</span>} />;
  return <CaseFees {...props} />;
}

function CaseFees({ record, subCompanySid }: DetailTabProps) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const queryClient = useQueryClient();
  const feeSchema = useModelSchema('fee').schema;
  // Paying and abandoning are the fee's lifecycle actions; deciding to maintain it is an update.
  const offered = feeSchema ? offeredFeeActions(feeSchema) : undefined;
  const canAct =
    offered !== undefined && (offered.pay !== undefined || offered.abandon !== undefined || offered.maintain);
  const canCreate = feeSchema !== undefined && abilitiesOf(feeSchema).create;
  const [making, setMaking] = useState<string>();

  const query = useQuery({
    queryKey: patentRuleKeys.fees(record.sid),
    queryFn: () => fetchFeeSchedule(record.sid, { subCompanySid }),
  });
  const outcome = query.data;
  if (outcome !== undefined && outcome.result !== RESULT_CODES.success)
    return <LoadFailed onRetry={() => void query.refetch()} />;
  const schedule = outcome?.data.data;

  const reload = async (): Promise<void> => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: patentRuleKeys.fees(record.sid) }),
      queryClient.invalidateQueries({ queryKey: modelKeys.all('fee') }),
    ]);
  };

  const money = (value: number | string | null | undefined, currency: string | null | undefined) =>
    moneyText(value, currency, language);

  /** A schedule line without a record (the grant-year annuity, paid at registration): make its record. */
  const makeRecord = async (key: string): Promise<void> => {
    setMaking(key);
    const made = await createFeeRecord(record.sid, key, { subCompanySid });
    setMaking(undefined);
    if (made.result === RESULT_CODES.success) await reload();
  };

  const recordCell = (fee: StoredFee | null, testKey: string, lineKey?: string) => {
    if (!fee)
      return (
        <Space size={4} wrap>
          <Typography.Text type="secondary">{t('patentFees.noRecord')}</Typography.Text>
          {lineKey && canCreate && (
            <Button
              size="small"
              type="link"
              loading={making === lineKey}
              onClick={() => void makeRecord(lineKey)}
              data-testid={`fee-make-record-${testKey}`}
            >
              {t('patentFees.makeRecord')}
            </Button>
          )}
        </Space>
      );
    const tag = feeStatusTag(fee.status);
    const decision = decisionLabel(fee.decision);
    return (
      <Space size={4} wrap>
        <Tag color={tag?.color} data-testid={`fee-status-${testKey}`}>
          {tag ? t(tag.labelKey) : fee.status}
        </Tag>
        {decision && fee.status === 'unpaid' && <Tag data-testid={`fee-decision-${testKey}`}>{t(decision)}</Tag>}
        {fee.status === 'paid' && (
          <Typography.Text type="secondary">
            {t('patentFees.paidOn', { date: fee.paid_date ?? '—', amount: money(fee.paid_amount, fee.currency) })}
          </Typography.Text>
        )}
      </Space>
    );
  };

  const actionsCell = (fee: StoredFee | null, label: string, testKey: string) =>
    canAct && feeSchema && fee && isOpenFee(fee) ? (
      <FeeActions
        schema={feeSchema}
        fee={fee}
        label={label}
        testKey={testKey}
        subCompanySid={subCompanySid}
        onChanged={reload}
      />
    ) : null;

  const columns: TableColumnsType<FeeScheduleLine> = [
    { key: 'year', title: t('patentFees.year'), dataIndex: 'patent_year', width: 70 },
    { key: 'label', title: t('patentFees.label'), dataIndex: 'label', width: 180 },
    { key: 'due', title: t('patentFees.dueDate'), dataIndex: 'due_date', width: 110 },
    {
      key: 'window',
      title: t('patentFees.windowOpens'),
      width: 110,
      render: (_v, line) => line.window_opens ?? '—',
    },
    { key: 'grace', title: t('patentFees.graceEnds'), dataIndex: 'grace_ends', width: 110 },
    {
      key: 'base',
      title: t('patentFees.baseAmount'),
      align: 'right',
      width: 120,
      render: (_v, line) => money(line.base_amount, line.currency),
    },
    {
      key: 'reduction',
      title: t('patentFees.reduction'),
      align: 'right',
      width: 90,
      render: (_v, line) => reductionText(line.reduction_rate),
    },
    {
      key: 'amount',
      title: t('patentFees.amount'),
      align: 'right',
      width: 130,
      render: (_v, line) => (
        <Typography.Text strong data-testid={`fee-amount-${lineTestKey(line)}`}>
          {money(line.amount, line.currency)}
        </Typography.Text>
      ),
    },
    {
      key: 'surcharges',
      title: t('patentFees.surcharges'),
      width: 110,
      render: (_v, line) => <SurchargeBands line={line} money={money} />,
    },
    {
      key: 'source',
      title: t('patentFees.source'),
      width: 110,
      render: (_v, line) => {
        const tag = SOURCE_TAG[line.source.status];
        return (
          <Tooltip title={[line.source.ref, line.source.note].filter(Boolean).join(' — ')}>
            <Tag color={tag?.color} data-testid={`fee-source-${lineTestKey(line)}`}>
              {tag ? t(tag.labelKey) : line.source.status}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      key: 'record',
      title: t('patentFees.recordStatus'),
      width: 200,
      render: (_v, line) => recordCell(line.record, lineTestKey(line), line.key),
    },
    ...(canAct
      ? [
          {
            key: 'actions',
            title: t('patentFees.actions'),
            width: 200,
            render: (_v: unknown, line: FeeScheduleLine) => actionsCell(line.record, line.label, lineTestKey(line)),
          },
        ]
      : []),
  ];

  const otherColumns: TableColumnsType<StoredFee> = [
    { key: 'title', title: t('patentFees.label'), dataIndex: 'title' },
    { key: 'due', title: t('patentFees.dueDate'), dataIndex: 'due_date', width: 110 },
    {
      key: 'amount',
      title: t('patentFees.amount'),
      align: 'right',
      width: 130,
      render: (_v, fee) => money(fee.amount, fee.currency),
    },
    { key: 'record', title: t('patentFees.recordStatus'), width: 200, render: (_v, fee) => recordCell(fee, fee.sid) },
    ...(canAct
      ? [
          {
            key: 'actions',
            title: t('patentFees.actions'),
            width: 200,
            render: (_v: unknown, fee: StoredFee) => actionsCell(fee, fee.title, fee.sid),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="fees-tab">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('patentFees.termEnd')}>
          <span data-testid="fee-schedule-term-end">{schedule?.term_end ?? t('patentFees.termUnknown')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('patentFees.office')}>{schedule?.office ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('patentFees.currency')}>{schedule?.currency ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('patentFees.packVersion')}>{schedule?.pack_version ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Table<FeeScheduleLine>
        rowKey="key"
        size="small"
        loading={query.isPending}
        dataSource={schedule?.lines ?? NO_LINES}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('patentFees.emptySchedule') }}
        onRow={(line) => rowProps(`fee-row-${line.patent_year}`)}
        data-testid="fee-schedule"
      />
      {(schedule?.other_fees.length ?? 0) > 0 && (
        <Flex vertical gap={8}>
          <Typography.Title level={5}>{t('patentFees.otherFees')}</Typography.Title>
          <Table<StoredFee>
            rowKey="sid"
            size="small"
            dataSource={schedule?.other_fees ?? NO_FEES}
            columns={otherColumns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(fee) => rowProps(`fee-other-row-${fee.sid}`)}
          />
        </Flex>
      )}
    </Flex>
  );
}

function SurchargeBands({
  line,
  money,
}: {
  line: FeeScheduleLine;
  money: (value: number, currency: string) => string;
}) {
  const { t } = useTranslation();
  if (line.surcharges.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const content = (
    <Flex vertical gap={4} data-testid={`fee-surcharge-list-${lineTestKey(line)}`}>
      {line.surcharges.map((band: FeeSurcharge) => (
        <Typography.Text key={`${band.from}-${band.to}`}>
          {t(band.kind === 'rate' ? 'patentFees.surchargeRate' : 'patentFees.surchargeFixed', {
            from: band.from,
            to: band.to,
            amount: money(band.amount, line.currency),
            rate: reductionText(band.rate),
          })}
        </Typography.Text>
      ))}
    </Flex>
  );
  return (
    <Popover title={t('patentFees.surchargesTitle')} content={content} trigger="click">
      <Button size="small" type="link" data-testid={`fee-surcharges-${lineTestKey(line)}`}>
        {t('patentFees.surchargeBands', { n: line.surcharges.length })}
      </Button>
    </Popover>
  );
}
