// /workflow/my/:list — my to-dos, the processes I started, the tasks I handled and the processes copied to
// me, one tab each with its count as a badge (the counts the header's badge reads too; cc counts the
// copies not opened yet).
import { Badge, Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { MessageKey } from '@ipdesk/core';
import type { MyCounts, MyList } from '../../../api/workflow-runs';
import { useMyCounts } from '../run-queries';
import { CcTable } from './CcTable';
import { StartedTable } from './StartedTable';
import { TaskTable } from './TaskTable';

const LISTS: ReadonlyArray<{ list: MyList; labelKey: MessageKey; count: keyof MyCounts }> = [
  { list: 'todos', labelKey: 'wfMy.todos', count: 'todo' },
  { list: 'started', labelKey: 'wfMy.started', count: 'started' },
  { list: 'handled', labelKey: 'wfMy.handled', count: 'handled' },
  { list: 'cc', labelKey: 'wfMy.cc', count: 'cc' },
];

const isList = (value: string | undefined): value is MyList => LISTS.some((entry) => entry.list === value);

function ListTable({ list }: { list: MyList }) {
  if (list === 'started') return <StartedTable />;
  if (list === 'cc') return <CcTable />;
  return <TaskTable key={list} list={list} />;
}

export function MyWorkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list } = useParams();
  const counts = useMyCounts();
  if (!isList(list)) return <Navigate to="/workflow/my/todos" replace />;

  return (
    <Card title={t('wfMy.title')} data-testid="wf-my-page">
      <Tabs
        activeKey={list}
        onChange={(next) => void navigate(`/workflow/my/${next}`)}
        items={LISTS.map((entry) => ({
          key: entry.list,
          label: (
            <Space size={6} data-testid={`wf-my-tab-${entry.list}`} data-count={counts?.[entry.count] ?? ''}>
              {t(entry.labelKey)}
              <Badge
                count={counts?.[entry.count] ?? 0}
                showZero
                overflowCount={999}
                color={entry.list === 'todos' || entry.list === 'cc' ? undefined : '#595959'}
              />
            </Space>
          ),
          children: <ListTable list={entry.list} />,
        }))}
      />
    </Card>
  );
}
