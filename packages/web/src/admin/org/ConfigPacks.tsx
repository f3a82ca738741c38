// The configuration-pack tab of a company: the tenant's packs (create, edit as JSON, apply to this
// company) and this company's jobs with their status (spec §4), a progress bar while waiting or in
// progress (the list is read again every 2 s until every job has finished) and a failed job's error.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Progress, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import {
  applyConfigPack,
  listConfigJobs,
  listConfigPacks,
  type ConfigJob,
  type ConfigPackSummary,
} from '../../api/config-packs';
import type { CompanyRow } from '../../api/org';
import { formatTimestamp } from '../../models/fields/format';
import { failureText } from '../roles/feedback';
import { jobView, jobsPollInterval } from './jobs';
import { PackEditor } from './PackEditor';
import { useHeldResource } from './useOrgAccess';

export const packsKey = ['admin', 'config-packs'] as const;
export const jobsKey = (companySid: string) => ['admin', 'config-jobs', companySid] as const;

export function JobStatusCell({ job }: { job: ConfigJob }) {
  const { t } = useTranslation();
  const view = jobView(job);
  const progress = view.progress;
  return (
    <Flex vertical gap={4} data-testid={`job-${job.sid}`}>
      <span>
        <Tag color={view.color} data-testid={`job-status-${job.sid}`}>
          {t(view.labelKey)}
        </Tag>
      </span>
      {progress && (
        <Progress
          percent={progress.percent}
          size="small"
          status="active"
          format={() => t('adminOrg.job.progress', { progress: progress.progress, total: progress.total })}
          aria-label={t('adminOrg.job.progressLabel')}
          data-testid={`job-progress-${job.sid}`}
        />
      )}
      {view.error !== undefined && (
        <Typography.Text type="danger" data-testid={`job-error-${job.sid}`}>
          {view.error || t('adminOrg.job.noError')}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function ConfigPacks({ company }: { company: CompanyRow }) {
  // Saving and applying packs rewrites roles: system administrators only (the server's system.roles).
  const canAdminister = useHeldResource('system.roles');
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<{ sid: string | undefined }>();

  const packs = useQuery({ queryKey: packsKey, queryFn: listConfigPacks });
  const jobs = useQuery({
    queryKey: jobsKey(company.sid),
    queryFn: () => listConfigJobs(company.sid),
    refetchInterval: (query) =>
      jobsPollInterval(query.state.data?.result === RESULT_CODES.success ? query.state.data.data.data : undefined),
  });
  const packRows = packs.data?.result === RESULT_CODES.success ? packs.data.data.data : [];
  const jobRows = jobs.data?.result === RESULT_CODES.success ? jobs.data.data.data : [];

  const apply = (pack: ConfigPackSummary): void => {
    modal.confirm({
      title: t('adminOrg.applyConfirm', { pack: pack.name, company: company.company_name }),
      content: t('adminOrg.applyConfirmContent'),
      okText: t('adminOrg.apply'),
      cancelText: t('model.cancel'),
      onOk: async () => {
        const outcome = await applyConfigPack({ pack_sid: pack.sid, company_sid: company.sid });
        if (outcome.result !== RESULT_CODES.success) {
          void message.error(failureText(t, outcome.error));
          return;
        }
        void message.success(t('adminOrg.applied'));
        await queryClient.invalidateQueries({ queryKey: jobsKey(company.sid) });
      },
    });
  };

  return (
    <Flex vertical gap={16} data-testid="org-config-packs">
      <Card
        size="small"
        title={t('adminOrg.packs')}
        extra={
          canAdminister && (
            <Button icon={<PlusOutlined />} onClick={() => setEditor({ sid: undefined })} data-testid="pack-create">
              {t('adminOrg.packCreate')}
            </Button>
          )
        }
      >
        <Table<ConfigPackSummary>
          rowKey="sid"
          size="small"
          loading={packs.isFetching}
          dataSource={packRows}
          pagination={false}
          locale={{ emptyText: t('adminOrg.packsEmpty') }}
          data-testid="pack-table"
          columns={[
            { key: 'name', title: t('adminOrg.packName'), dataIndex: 'name' },
            {
              key: 'summary',
              title: t('adminOrg.packSummary'),
              render: (_v, pack) =>
                t('adminOrg.packSummaryText', {
                  roles: pack.summary?.roles ?? 0,
                  dictionaries: pack.summary?.dictionaries ?? 0,
                  customFields: pack.summary?.custom_fields ?? 0,
                  menus: pack.summary?.menus ?? 0,
                }),
            },
            {
              key: 'updated',
              title: t('adminOrg.updatedAt'),
              render: (_v, pack) => (pack.updated_at ? formatTimestamp(pack.updated_at) : ''),
            },
            {
              key: 'actions',
              title: t('adminOrg.actions'),
              render: (_v, pack) =>
                canAdminister && (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => apply(pack)} data-testid={`pack-apply-${pack.sid}`}>
                      {t('adminOrg.apply')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setEditor({ sid: pack.sid })}
                      data-testid={`pack-edit-${pack.sid}`}
                    >
                      {t('adminOrg.edit')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('adminOrg.jobs', { company: company.company_name })}>
        <Table<ConfigJob>
          rowKey="sid"
          size="small"
          loading={jobs.isPending}
          dataSource={jobRows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('adminOrg.jobsEmpty') }}
          data-testid="job-table"
          columns={[
            { key: 'pack', title: t('adminOrg.packName'), dataIndex: 'pack_name' },
            {
              key: 'status',
              title: t('adminOrg.jobStatus'),
              width: 260,
              render: (_v, job) => <JobStatusCell job={job} />,
            },
            {
              key: 'created',
              title: t('adminOrg.jobCreatedAt'),
              render: (_v, job) => (job.created_at ? formatTimestamp(job.created_at) : ''),
            },
            {
              key: 'finished',
              title: t('adminOrg.jobFinishedAt'),
              render: (_v, job) => (job.finished_at ? formatTimestamp(job.finished_at) : ''),
            },
          ]}
        />
      </Card>
      {editor && (
        <PackEditor
          sid={editor.sid}
          onClose={() => setEditor(undefined)}
          onSaved={() => {
            setEditor(undefined);
            void message.success(t('adminOrg.saved'));
            void queryClient.invalidateQueries({ queryKey: packsKey });
          }}
        />
      )}
    </Flex>
  );
}
