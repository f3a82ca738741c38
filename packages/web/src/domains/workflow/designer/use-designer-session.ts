// What the designer page has open and the server calls around it. A version is either looked at (any
// version, read-only) or edited: the key's draft, or a copy of an older version that saving turns into
// the draft. Every write carries the stamp (version, updated_at) of the newest version as it was loaded,
// so a save over someone else's newer work is refused (409802) instead of overwriting it.
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { RESULT_CODES, errors, type FieldError } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import {
  fetchVersion,
  publishDefinition,
  saveDraft,
  type DefinitionHeader,
  type DefinitionStatus,
  type VersionStamp,
  type VersionSummary,
} from '../../../api/workflow';
import { versionList, workflowKeys } from '../queries';

export interface OpenedVersion {
  /** Changes whenever a diagram is (re)loaded into the canvas: the canvas is keyed by it. */
  loadId: number;
  key: string;
  xml: string;
  /** The version the diagram is, or (a copy being edited) came from. */
  version: number;
  status: DefinitionStatus;
  name: string;
  model: string;
  editable: boolean;
}

export type WriteOutcome =
  | { kind: 'done'; header: DefinitionHeader }
  | { kind: 'conflict' }
  /** Publishing refused for design errors: each problem as a field "<rule>:<element id>". */
  | { kind: 'refused'; fields: FieldError[] }
  | { kind: 'failed'; notice: VisibleNotice };

function outcomeOf(outcome: Awaited<ReturnType<typeof saveDraft>>): WriteOutcome {
  if (outcome.result === RESULT_CODES.success) return { kind: 'done', header: outcome.data.data };
  const code = outcome.error.body?.code;
  if (code === errors.workflowVersionConflict.code) return { kind: 'conflict' };
  if (code === errors.workflowDesignInvalid.code) return { kind: 'refused', fields: outcome.error.body?.fields ?? [] };
  return { kind: 'failed', notice: inlineNotice(outcome.error) };
}

export function useDesignerSession(key: string, canEdit: boolean) {
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: workflowKeys.versions(key), queryFn: () => versionList(key) });
  const [opened, setOpened] = useState<OpenedVersion>();
  const [loadFailed, setLoadFailed] = useState<VisibleNotice | 'notFound'>();
  // A ref, not state: publishing right after saving must use the stamp the save has just answered.
  const base = useRef<VersionStamp>(undefined);
  const loads = useRef(0);
  /** Bumped by every open(): an answer to an earlier one that arrives late is dropped. */
  const requests = useRef(0);

  /** The versions as the server has them now (not the cached list): decisions are made on these. */
  const freshVersions = useCallback(async (): Promise<VersionSummary[] | null> => {
    return queryClient.fetchQuery({
      queryKey: workflowKeys.versions(key),
      queryFn: () => versionList(key),
      staleTime: 0,
    });
  }, [key, queryClient]);

  /** Opens a version (the newest when none is given): the draft for editing, any other read-only. */
  const open = useCallback(
    async (version?: number): Promise<void> => {
      const ticket = (requests.current += 1);
      const list = await freshVersions();
      if (ticket !== requests.current) return;
      const newest = list?.[0];
      if (!newest) {
        setLoadFailed('notFound');
        return;
      }
      const target = version ?? newest.version;
      const outcome = await fetchVersion(key, target);
      if (ticket !== requests.current) return;
      if (outcome.result !== RESULT_CODES.success) {
        setLoadFailed(outcome.error.status === 404 ? 'notFound' : inlineNotice(outcome.error));
        return;
      }
      const data = outcome.data.data;
      const editable = canEdit && data.version === newest.version && data.status === 'draft';
      loads.current += 1;
      setLoadFailed(undefined);
      setOpened({
        loadId: loads.current,
        key: data.key,
        xml: data.xml,
        version: data.version,
        status: data.status,
        name: data.name,
        model: data.model,
        editable,
      });
      base.current = editable ? { version: data.version, updated_at: data.updated_at } : undefined;
    },
    [canEdit, freshVersions, key],
  );

  /**
   * Edits a copy of the open version; saving it makes it the draft. Answers the draft it would replace
   * (another version), for the page to confirm first, or undefined when there is none.
   */
  const newestDraftBesides = useCallback(async (): Promise<VersionSummary | undefined> => {
    const newest = (await freshVersions())?.[0];
    return newest?.status === 'draft' && newest.version !== opened?.version ? newest : undefined;
  }, [freshVersions, opened?.version]);

  const editCopy = useCallback(async (): Promise<void> => {
    const newest = (await freshVersions())?.[0];
    if (!newest || !opened) return;
    loads.current += 1;
    setOpened({ ...opened, loadId: loads.current, editable: true });
    base.current = { version: newest.version, updated_at: newest.updated_at };
  }, [freshVersions, opened]);

  const save = useCallback(
    async (xml: string): Promise<WriteOutcome> => {
      if (!base.current) return { kind: 'conflict' };
      const outcome = outcomeOf(await saveDraft(key, { xml, ...base.current }));
      if (outcome.kind === 'done') {
        const { header } = outcome;
        base.current = { version: header.version, updated_at: header.updated_at };
        // The canvas keeps its diagram (same loadId): only what it now is changes.
        setOpened(
          (before) => before && { ...before, version: header.version, status: header.status, name: header.name },
        );
        void queryClient.invalidateQueries({ queryKey: workflowKeys.versions(key) });
      }
      return outcome;
    },
    [key, queryClient],
  );

  /** Publishes the saved draft (the page saves first when there is anything unsaved). */
  const publish = useCallback(async (): Promise<WriteOutcome> => {
    if (!base.current) return { kind: 'conflict' };
    const outcome = outcomeOf(await publishDefinition(key, base.current));
    if (outcome.kind === 'done') void queryClient.invalidateQueries({ queryKey: workflowKeys.versions(key) });
    return outcome;
  }, [key, queryClient]);

  return {
    versions: versions.data ?? undefined,
    opened,
    loadFailed,
    open,
    newestDraftBesides,
    editCopy,
    save,
    publish,
  };
}
