// An office's working-day calendar for a year as the deadline rules use it: its weekend, the years its
// closed-day list covers, its closed days and make-up working days (built in or imported). Users
// holding system.settings import corrections from a CSV file, which recomputes the open deadlines.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  InputNumber,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, OFFICES, RESULT_CODES, isLanguage } from '@ipdesk/core';
import { fetchOfficeCalendar, patentRuleKeys, type OfficeCalendar } from '../../../api/patent-rules';
import { mayUse, useHeldResources } from '../../people/resources';
import { dateWithWeekday } from '../deadlines/deadline-rules';
import { CalendarImportDialog } from './CalendarImportDialog';

const MIN_YEAR = 1990;
const MAX_YEAR = 2100;
// Stable empty lists: tables re-measure whenever their rows are a new array.
const NO_CLOSED: OfficeCalendar['closed'] = [];
const NO_WORKING: OfficeCalendar['working'] = [];

type ClosedDay = OfficeCalendar['closed'][number];
type WorkingDay = OfficeCalendar['working'][number];

export function OfficeCalendarPanel() {
  const { t, i18n } = useTranslation();
  const english = (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE) === 'en';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const held = useHeldResources();
  const [office, setOffice] = useState('CN');
  const [year, setYear] = useState(() => dayjs().year());
  const [importing, setImporting] = useState(false);

  const offices = useMemo(
    () => OFFICES.map(([code, zh, en]) => ({ value: code, label: `${code} ${english ? en : zh}` })),
    [english],
  );
  const query = useQuery({
    queryKey: patentRuleKeys.calendar(office, year),
    queryFn: () => fetchOfficeCalendar(office, year),
  });
  const outcome = query.data;
  const calendar = outcome?.result === RESULT_CODES.success ? outcome.data.data : undefined;

  const importedTag = (imported: boolean) =>
    imported ? <Tag color="purple">{t('officeCalendar.imported')}</Tag> : <Tag>{t('officeCalendar.builtIn')}</Tag>;
  const closedColumns: TableColumnsType<ClosedDay> = [
    { key: 'date', title: t('officeCalendar.date'), width: 150, render: (_v, day) => dateWithWeekday(day.date) },
    { key: 'name', title: t('officeCalendar.name'), render: (_v, day) => day.name ?? '—' },
    { key: 'origin', title: t('officeCalendar.origin'), width: 100, render: (_v, day) => importedTag(day.imported) },
  ];
  const workingColumns: TableColumnsType<WorkingDay> = [
    { key: 'date', title: t('officeCalendar.date'), render: (_v, day) => dateWithWeekday(day.date) },
    { key: 'origin', title: t('officeCalendar.origin'), width: 100, render: (_v, day) => importedTag(day.imported) },
  ];
  const weekend = (calendar?.weekend ?? []).map((day) => dayjs().day(day).format('dddd')).join(', ');

  return (
    <Card
      title={t('officeCalendar.title')}
      data-testid="office-calendar"
      extra={
        mayUse(held, 'system.settings') && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="calendar-import">
            {t('officeCalendar.import')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Select
            showSearch
            optionFilterProp="label"
            value={office}
            onChange={setOffice}
            options={offices}
            style={{ width: 260 }}
            aria-label={t('officeCalendar.office')}
            data-testid="office-calendar-office"
          />
          <InputNumber<number>
            min={MIN_YEAR}
            max={MAX_YEAR}
            precision={0}
            value={year}
            onChange={(next) => next !== null && next >= MIN_YEAR && next <= MAX_YEAR && setYear(next)}
            aria-label={t('officeCalendar.year')}
            data-testid="office-calendar-year"
          />
        </Flex>
        {calendar && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('officeCalendar.weekend')}>{weekend || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('officeCalendar.coverage')}>
              <span data-testid="office-calendar-coverage">
                {calendar.coverage.from <= calendar.coverage.to
                  ? t('officeCalendar.coverageRange', { from: calendar.coverage.from, to: calendar.coverage.to })
                  : t('officeCalendar.coverageNone')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('officeCalendar.source')}>
              {(calendar.built_in && calendar.source) || t('officeCalendar.weekendOnly')}
            </Descriptions.Item>
          </Descriptions>
        )}
        <Flex gap={16} wrap>
          <div style={{ flex: '3 1 420px', minWidth: 0 }}>
            <Typography.Title level={5}>{t('officeCalendar.closedDays')}</Typography.Title>
            <Table<ClosedDay>
              rowKey="date"
              size="small"
              loading={query.isPending}
              dataSource={calendar?.closed ?? NO_CLOSED}
              columns={closedColumns}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: t('officeCalendar.noClosedDays') }}
              data-testid="office-calendar-closed"
            />
          </div>
          <div style={{ flex: '2 1 300px', minWidth: 0 }}>
            <Typography.Title level={5}>{t('officeCalendar.workingDays')}</Typography.Title>
            <Table<WorkingDay>
              rowKey="date"
              size="small"
              loading={query.isPending}
              dataSource={calendar?.working ?? NO_WORKING}
              columns={workingColumns}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: t('officeCalendar.noWorkingDays') }}
              data-testid="office-calendar-working"
            />
          </div>
        </Flex>
      </Flex>
      {importing && (
        <CalendarImportDialog
          onClose={() => setImporting(false)}
          onImported={async (answer) => {
            void message.success(
              t('officeCalendar.importDone', {
                rows: answer.rows,
                offices: answer.offices.join(', '),
                cases: answer.cases,
              }),
            );
            // Imported days change the calendars shown and the due dates of open deadlines everywhere.
            await queryClient.invalidateQueries({ queryKey: ['patent-rules'] });
            await queryClient.invalidateQueries({ queryKey: ['model', 'patent_task'] });
          }}
        />
      )}
    </Card>
  );
}
