// The open deadlines across every deadline store the reader may view (cases' deadlines, and those of every
// model that dockets dates: server platform/docket), for the calendar view: one answer of the server, which
// walks the stores, merges them earliest first and caps them; each names its record (title in the reader's
// language, or none when the reader may not see it) and is titled in the reader's language.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import {
  fetchDeadlines,
  patentRuleKeys,
  type DeadlineRecordRef,
  type SpannedDeadline,
} from '../../../api/patent-rules';

/** The server's cap (platform/docket/routes.ts DEADLINES_MAX); the page says when it is reached. */
export const PORTFOLIO_MAX = 2000;

export interface PortfolioDeadline {
  sid: string;
  /** The store it comes from (patent_task, a docketed model's store) and that store's label. */
  model: string;
  modelLabel: string;
  record: DeadlineRecordRef;
  title: string;
  due_date: string;
  status: string;
  office: string | null;
  rule_code: string | null;
}

export interface PortfolioAnswer {
  deadlines: PortfolioDeadline[];
  /** More matched than PORTFOLIO_MAX. */
  truncated: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function toPortfolioDeadline(row: SpannedDeadline): PortfolioDeadline {
  return {
    sid: row.sid,
    model: row.model,
    modelLabel: row.model_label,
    record: row.record,
    // Already in the reader's language: the server applies the store's localize.
    title: String(row.title ?? ''),
    due_date: String(row.due_date ?? ''),
    status: String(row.status ?? ''),
    office: text(row.office),
    rule_code: text(row.rule_code),
  };
}

/** Undefined while loading; `failed` after a failure the request layer has shown. */
export function usePortfolioDeadlines(iql: string) {
  const { i18n } = useTranslation();
  const deadlines = useQuery({
    // The titles come in the reader's language: another language is another answer.
    queryKey: [...patentRuleKeys.portfolio(iql), i18n.language],
    queryFn: async (): Promise<{ rows: SpannedDeadline[]; truncated: boolean } | 'failed'> => {
      const outcome = await fetchDeadlines(iql);
      if (outcome.result !== RESULT_CODES.success) return 'failed';
      return outcome.data.data;
    },
  });
  const found = deadlines.data;
  // Stable between renders: tables re-measure whenever their rows are a new array.
  const answer = useMemo(
    () =>
      found && found !== 'failed'
        ? { deadlines: found.rows.map((row) => toPortfolioDeadline(row)), truncated: found.truncated }
        : undefined,
    [found],
  );
  return {
    answer,
    failed: found === 'failed',
    loading: deadlines.isPending,
    retry: () => void deadlines.refetch(),
  };
}
