// react-query keys of running processes, shared by the approval panel, the "my work" lists and the
// header's to-do badge, so an action in one place refreshes the others (a to-do approved on a record's
// page leaves the list and lowers the badge).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchMyCounts, type MyCounts, type MyList, type PageSize } from '../../api/workflow-runs';
import { modelKeys } from '../../models/queries';
import { useSession } from '../../session/store';

export const runKeys = {
  all: ['workflow', 'runs'] as const,
  record: (model: string, recordSid: string) => ['workflow', 'runs', 'record', model, recordSid] as const,
  diagram: (instanceSid: string) => ['workflow', 'runs', 'diagram', instanceSid] as const,
  my: ['workflow', 'runs', 'my'] as const,
  counts: (loginTime: number) => ['workflow', 'runs', 'my', 'counts', loginTime] as const,
  list: (list: MyList, page: number, size: PageSize) => ['workflow', 'runs', 'my', list, page, size] as const,
};

/** How often the badge looks for new to-dos while a page stays open. */
const COUNTS_INTERVAL_MS = 60_000;

/** The caller's badge counts; undefined until read (or when they could not be). */
export function useMyCounts(): MyCounts | undefined {
  const session = useSession();
  const query = useQuery({
    queryKey: runKeys.counts(session?.loginTime ?? 0),
    queryFn: fetchMyCounts,
    enabled: session !== undefined,
    refetchInterval: COUNTS_INTERVAL_MS,
  });
  return query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
}

/**
 * After a command: every process read (panels, diagrams, lists, counts) and, when the process runs on a
 * record, that record (its fields may be unlocked now) and its history.
 */
export function useRefreshRuns(): (record?: { model: string; sid: string }) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (record) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: runKeys.all }),
        ...(record
          ? [
              queryClient.invalidateQueries({ queryKey: modelKeys.record(record.model, record.sid) }),
              queryClient.invalidateQueries({ queryKey: modelKeys.history(record.model, record.sid) }),
            ]
          : []),
      ]);
    },
    [queryClient],
  );
}
