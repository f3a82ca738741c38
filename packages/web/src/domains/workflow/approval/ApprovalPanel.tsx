// The approval tab of any record's detail page (ModelDetail): the record's open (else last) process with
// what the caller may do on it, and — when the caller may edit the record and none is open — a button to
// start one of the model's published processes. After any action every process read is refreshed (this
// panel, the lists, the badge) and so is the record, whose fields a finished process frees again.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchRecordProcess } from '../../../api/workflow-runs';
import { LoadFailed } from '../../../models/ModelPageState';
import { runKeys, useRefreshRuns } from '../run-queries';
import { InstanceView } from './InstanceView';
import { StartProcess } from './StartProcess';

export interface ApprovalPanelProps {
  model: string;
  recordSid: string;
  subCompanySid: string | undefined;
}

export function ApprovalPanel({ model, recordSid, subCompanySid }: ApprovalPanelProps) {
  const { t } = useTranslation();
  const refreshRuns = useRefreshRuns();
  const query = useQuery({
    queryKey: runKeys.record(model, recordSid),
    queryFn: () => fetchRecordProcess(model, recordSid, { subCompanySid }),
  });
  const outcome = query.data;
  if (!outcome) return <Card loading variant="borderless" />;
  if (outcome.result !== RESULT_CODES.success) return <LoadFailed onRetry={() => void query.refetch()} />;

  const { instance, startable, field_lock: lock } = outcome.data.data;
  const refresh = () => refreshRuns({ model, sid: recordSid });
  return (
    <Flex vertical gap={16} data-testid="wf-panel">
      {lock.locked && (
        <Alert type="info" showIcon message={t('wfRun.fieldLockNotice')} data-testid="wf-field-lock-notice" />
      )}
      {startable.length > 0 && (
        <Flex gap={12} align="center">
          <StartProcess
            model={model}
            recordSid={recordSid}
            subCompanySid={subCompanySid}
            startable={startable}
            onChanged={refresh}
          />
          <span>{t(instance ? 'wfRun.startAgainHint' : 'wfRun.startHint')}</span>
        </Flex>
      )}
      {instance ? (
        <InstanceView instance={instance} onChanged={refresh} />
      ) : (
        startable.length === 0 && (
          <Empty description={<span data-testid="wf-nothing">{t('wfRun.nothingToStart')}</span>} />
        )
      )}
    </Flex>
  );
}
