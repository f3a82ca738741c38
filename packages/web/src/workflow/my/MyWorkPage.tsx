// /workflow/my/:list — my to-dos, the processes I started and the tasks I handled, one tab each with its
// count as a badge (the counts the header's badge reads too). There is no "copied to me" list: the API
// keeps no carbon copies.
import { Badge, Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { MessageKey } from '@ipdesk/core';
import type { MyCounts, MyList } from '../../api/workflow-runs';
import { useMyCounts } from '../run-queries';
import { StartedTable } from './StartedTable';
import { TaskTable } from './TaskTable';

const LISTS: ReadonlyArray<{ list: MyList; labelKey: MessageKey; count: keyof MyCounts }> = [
  { list: 'todos', labelKey: 'wfMy.todos', count: 'todo' },
  { list: 'started', labelKey: 'wfMy.started', count: 'started' },
  { list: 'handled', labelKey: 'wfMy.handled', count: 'handled' },
];

const isList = (value: string | undefined): value is MyList => LISTS.some((entry) => entry.list === value);

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
                color={entry.list === 'todos' ? undefined : '#8c8c8c'}
              />
            </Space>
          ),
          children: entry.list === 'started' ? <StartedTable /> : <TaskTable key={entry.list} list={entry.list} />,
        }))}
      />
    </Card>
  );
}
