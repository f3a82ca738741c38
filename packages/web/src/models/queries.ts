// react-query hooks over the model calls. A schema is cached per model, language (its labels are in the
// request's language) and sign-in, and keeps the fields of the session's first answer (schema-session.ts); records and lists are keyed under the model so a write can refresh them.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { fetchHeaderColumns, fetchSavedViews } from '../api/list-settings';
import { fetchModelSchema, type ModelSchema } from '../api/model';
import { useSession } from '../session/store';
import { sessionSchema } from './schema-session';

export const modelKeys = {
  all: (model: string) => ['model', model] as const,
  schema: (model: string, language: string, loginTime = 0) => ['model', model, 'schema', language, loginTime] as const,
  record: (model: string, sid: string) => ['model', model, 'record', sid] as const,
  history: (model: string, sid: string) => ['model', model, 'history', sid] as const,
  search: (model: string, input: unknown) => ['model', model, 'search', input] as const,
  /** Under 'search', so what refreshes a model's pages refreshes their counts too. */
  count: (model: string, iql: string, kind: 'estimate' | 'exact') =>
    ['model', model, 'search', 'count', iql, kind] as const,
  header: (model: string) => ['model', model, 'header'] as const,
  views: (model: string) => ['model', model, 'views'] as const,
};

export interface SchemaState {
  schema: ModelSchema | undefined;
  /** The server does not know the model (404201). */
  notFound: boolean;
  failed: boolean;
  isPending: boolean;
  retry: () => void;
}

/** A model's schema in one language for one sign-in: what the pages read and the early fetch fills. */
export function schemaQuery(model: string, language: string, loginTime: number) {
  return queryOptions({
    queryKey: modelKeys.schema(model, language, loginTime),
    queryFn: async () => {
      const outcome = await fetchModelSchema(model);
      if (outcome.result !== RESULT_CODES.success) return outcome;
      const schema = sessionSchema(outcome.data.data, loginTime);
      return { ...outcome, data: { ...outcome.data, data: schema } };
    },
    staleTime: 5 * 60_000,
  });
}

// Saved columns and views change only through this user's own saves, which refresh them: while fresh, the
// list page's second reader (the list itself, after the page asked for them) does not fetch them again.
const LIST_SETTINGS_FRESH_MS = 60_000;

/** The user's saved columns of a model (null: the model's defaults). */
export function headerQuery(model: string) {
  return queryOptions({
    queryKey: modelKeys.header(model),
    queryFn: () => fetchHeaderColumns(model),
    staleTime: LIST_SETTINGS_FRESH_MS,
  });
}

export function viewsQuery(model: string) {
  return queryOptions({
    queryKey: modelKeys.views(model),
    queryFn: () => fetchSavedViews(model),
    staleTime: LIST_SETTINGS_FRESH_MS,
  });
}

export function useModelSchema(model: string): SchemaState {
  const { i18n } = useTranslation();
  // Keyed by the sign-in: custom fields published meanwhile appear after signing in again (schema-session).
  const session = useSession();
  const loginTime = session?.loginTime ?? 0;
  const query = useQuery({
    ...schemaQuery(model, i18n.language, loginTime),
    // Not fetched without a session (a page still open while signing out would otherwise be refused).
    enabled: session !== undefined,
    // While the labels of another language load, the page keeps the schema it has (and its state).
    placeholderData: keepPreviousData,
  });
  const outcome = query.data;
  const ok = outcome?.result === RESULT_CODES.success;
  return {
    // The placeholder may be another model's schema for a moment after navigating: never use that.
    schema: ok && outcome.data.data.name === model ? outcome.data.data : undefined,
    notFound: outcome !== undefined && !ok && outcome.error.body?.code === errors.modelNotFound.code,
    failed: outcome !== undefined && !ok,
    isPending: query.isPending || query.isPlaceholderData,
    retry: () => void query.refetch(),
  };
}
