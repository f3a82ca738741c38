// /patents/calendar — the open deadlines across the portfolio (cases' and every docketed model's): a month
// calendar listing each day's deadlines with links to their records, or a list for the spec §9 time ranges;
// the iCalendar export of what is shown; and the offices' working-day calendars below.
import { CalendarOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Calendar, Card, Flex, Radio, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadDeadlinesIcal } from '../../../api/patent-rules';
import { LoadFailed } from '../../../models/ModelPageState';
import { recordPath } from '../../../models/paths';
import { mayUse, useHeldResources } from '../../people/resources';
import { dateWithWeekday, deadlineTagState, todayIso } from '../deadlines/deadline-rules';
import { RANGE_KEYS, RANGE_LABELS, filterIql, isRangeKey, type DeadlineFilter } from './deadline-query';
import { OfficeCalendarPanel } from './OfficeCalendarPanel';
import { PORTFOLIO_MAX, usePortfolioDeadlines, type PortfolioDeadline } from './usePortfolioDeadlines';

const MONTH = 'month';
const NONE: PortfolioDeadline[] = [];

export function DeadlineCalendarPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [view, setView] = useState<string>(MONTH);
  const [exporting, setExporting] = useState(false);
  const held = useHeldResources();

  const filter: DeadlineFilter = isRangeKey(view)
    ? { kind: 'range', range: view }
    : { kind: 'month', year: month.year(), month: month.month() + 1 };
  const iql = filterIql(filter);
  const { answer, failed, loading, retry } = usePortfolioDeadlines(iql);
  const today = todayIso();

  const byDay = useMemo(() => {
    const days = new Map<string, PortfolioDeadline[]>();
    for (const deadline of answer?.deadlines ?? NONE) {
      const list = days.get(deadline.due_date) ?? [];
      list.push(deadline);
      days.set(deadline.due_date, list);
    }
    return days;
  }, [answer]);

  const exportIcs = async (): Promise<void> => {
    setExporting(true);
    await downloadDeadlinesIcal(iql);
    setExporting(false);
  };

  // A record the reader may not see has no title: named neutrally, without a link.
  const recordLink = (deadline: PortfolioDeadline) =>
    deadline.record.title === null ? (
      <Typography.Text type="secondary">{t('ical.unknownRecord')}</Typography.Text>
    ) : (
      <Link to={recordPath(deadline.record.model, deadline.record.sid)}>{deadline.record.title}</Link>
    );

  const dayCell = (date: Dayjs) => {
    const iso = date.format('YYYY-MM-DD');
    if (date.month() !== month.month()) return null;
    const deadlines = byDay.get(iso) ?? [];
    return (
      <Flex vertical gap={2} data-testid={`calendar-day-${iso}`}>
        {deadlines.map((deadline) => (
          <Typography.Text
            key={deadline.sid}
            ellipsis
            type={deadlineTagState(deadline, today) === 'overdue' ? 'danger' : undefined}
            data-testid={`calendar-deadline-${deadline.sid}`}
          >
            {recordLink(deadline)} {deadline.title}
          </Typography.Text>
        ))}
      </Flex>
    );
  };

  const daysLeftText = (days: number): string => {
    if (days === 0) return t('deadlineCalendar.dueToday');
    if (days === 1) return t('deadlineCalendar.dueTomorrow');
    return t('deadlineCalendar.daysLeftValue', { n: days });
  };

  const listColumns: TableColumnsType<PortfolioDeadline> = [
    { key: 'due', title: t('deadlineCalendar.dueDate'), width: 170, render: (_v, d) => dateWithWeekday(d.due_date) },
    {
      key: 'left',
      title: t('deadlineCalendar.daysLeft'),
      width: 110,
      render: (_v, d) => {
        const days = dayjs(d.due_date).diff(dayjs(today), 'day');
        return <Tag color={days <= 0 ? 'orange' : days <= 7 ? 'gold' : undefined}>{daysLeftText(days)}</Tag>;
      },
    },
    { key: 'title', title: t('deadlineCalendar.deadline'), dataIndex: 'title' },
    { key: 'record', title: t('deadlineCalendar.record'), width: 240, render: (_v, d) => recordLink(d) },
    { key: 'office', title: t('deadlineCalendar.office'), width: 90, render: (_v, d) => d.office ?? '—' },
  ];

  return (
    <Flex vertical gap={16} data-testid="deadline-calendar-page">
      <Card
        title={
          <Flex gap={8} align="center">
            <CalendarOutlined />
            {t('deadlineCalendar.title')}
          </Flex>
        }
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportIcs()}
            data-testid="calendar-export-ics"
          >
            {t('deadlineCalendar.exportIcs')}
          </Button>
        }
        data-testid="deadline-calendar"
      >
        <Flex vertical gap={12}>
          <Radio.Group value={view} onChange={(event) => setView(String(event.target.value))} buttonStyle="solid">
            <Radio.Button value={MONTH} data-testid="calendar-range-month">
              {t('deadlineCalendar.range.month')}
            </Radio.Button>
            {RANGE_KEYS.map((key) => (
              <Radio.Button key={key} value={key} data-testid={`calendar-range-${key}`}>
                {t(RANGE_LABELS[key])}
              </Radio.Button>
            ))}
          </Radio.Group>
          {answer?.truncated && (
            <Alert type="warning" showIcon message={t('deadlineCalendar.truncated', { max: PORTFOLIO_MAX })} />
          )}
          {failed ? (
            <LoadFailed onRetry={retry} />
          ) : filter.kind === 'month' ? (
            <Spin spinning={loading}>
              <Calendar
                value={month}
                onPanelChange={(date) => setMonth(date.startOf('month'))}
                onSelect={(date) => setMonth(date.startOf('month'))}
                cellRender={(date, info) => (info.type === 'date' ? dayCell(date) : info.originNode)}
                data-testid="deadline-month"
              />
            </Spin>
          ) : (
            <Table<PortfolioDeadline>
              rowKey="sid"
              size="middle"
              loading={loading}
              dataSource={answer?.deadlines ?? NONE}
              columns={listColumns}
              pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: t('deadlineCalendar.empty') }}
              data-testid="deadline-list"
            />
          )}
        </Flex>
      </Card>
      {/* The offices' calendars are the patents' (resource patent_task): not asked for without it. */}
      {mayUse(held, 'patent_task') && <OfficeCalendarPanel />}
    </Flex>
  );
}
