// react-query keys and fetchers of process definitions, shared by the list page, the versions drawer
// and the designer, so a save in one refreshes the others.
import { RESULT_CODES } from '@ipdesk/core';
import { listVersions, type VersionSummary } from '../../api/workflow';

export const workflowKeys = {
  all: ['workflow', 'definitions'] as const,
  list: (query: { model?: string; keyword?: string }) => ['workflow', 'definitions', 'list', query] as const,
  versions: (key: string) => ['workflow', 'definitions', 'versions', key] as const,
};

/** A key's versions, newest first; null when they could not be read (the user has been told). */
export async function versionList(key: string): Promise<VersionSummary[] | null> {
  const outcome = await listVersions(key);
  return outcome.result === RESULT_CODES.success ? outcome.data.data : null;
}
