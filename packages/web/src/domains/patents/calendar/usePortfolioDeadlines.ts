// The open deadlines across the portfolio that a calendar view shows: every keyset page of the search
// (100 rows each, up to a cap), each titled with its rule's label in the reader's language, and the
// numbers of their cases (a second search, so only cases the reader may see are named).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, RESULT_CODES, isLanguage, localizeDeadlineRow, type Language } from '@ipdesk/core';
import { patentRuleKeys, searchPage } from '../../../api/patent-rules';
import type { ModelRow } from '../../../api/model';
import { casesIql } from './deadline-query';

/** More than a calendar month or a year's list can usefully show; the page says when it is reached. */
export const PORTFOLIO_MAX = 2000;
const PAGE = 100;
const NO_NUMBERS: ReadonlyMap<string, string> = new Map();

export interface PortfolioDeadline {
  sid: string;
  patent: string;
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

export function toPortfolioDeadline(row: ModelRow, language: Language): PortfolioDeadline {
  const ruleCode = text(row.rule_code);
  // The rule's label in the reader's language (the list may be cached from the other language).
  const title = localizeDeadlineRow(row, language).title ?? row.title;
  return {
    sid: row.sid,
    patent: String(row.patent ?? ''),
    title: String(title ?? ''),
    due_date: String(row.due_date ?? ''),
    status: String(row.status ?? ''),
    office: text(row.office),
    rule_code: ruleCode,
  };
}

/** Undefined while loading; `failed` after a failure the request layer has shown. */
export function usePortfolioDeadlines(iql: string) {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const deadlines = useQuery({
    queryKey: patentRuleKeys.portfolio(iql),
    queryFn: async (): Promise<{ rows: ModelRow[]; truncated: boolean } | 'failed'> => {
      const rows: ModelRow[] = [];
      let cursor: string | undefined;
      do {
        const outcome = await searchPage('patent_task', { iql, rows: PAGE, cursor });
        if (outcome.result !== RESULT_CODES.success) return 'failed';
        rows.push(...outcome.data.data.rows);
        cursor = outcome.data.data.next_cursor;
      } while (cursor && rows.length < PORTFOLIO_MAX);
      return { rows: rows.slice(0, PORTFOLIO_MAX), truncated: cursor !== undefined };
    },
  });
  const found = deadlines.data;
  // Stable between renders: tables re-measure whenever their rows are a new array.
  const answer = useMemo(
    () =>
      found && found !== 'failed'
        ? { deadlines: found.rows.map((row) => toPortfolioDeadline(row, language)), truncated: found.truncated }
        : undefined,
    [found, language],
  );
  const sids = useMemo(
    () => (found && found !== 'failed' ? [...new Set(found.rows.map((row) => String(row.patent ?? '')))].sort() : []),
    [found],
  );
  const cases = useQuery({
    queryKey: ['patent-rules', 'case-numbers', sids],
    enabled: sids.length > 0,
    queryFn: async (): Promise<ReadonlyMap<string, string>> => {
      const numbers = new Map<string, string>();
      for (let at = 0; at < sids.length; at += PAGE) {
        const chunk = sids.slice(at, at + PAGE);
        // Silent: without the right to see cases the calendar still shows the deadlines.
        const outcome = await searchPage('patent', { iql: casesIql(chunk), rows: PAGE }, { silent: true });
        if (outcome.result !== RESULT_CODES.success) break;
        for (const row of outcome.data.data.rows) {
          const sn = text(row.sn);
          if (sn) numbers.set(row.sid, sn);
        }
      }
      return numbers;
    },
  });
  return {
    answer,
    failed: found === 'failed',
    loading: deadlines.isPending,
    caseNumbers: cases.data ?? NO_NUMBERS,
    retry: () => void deadlines.refetch(),
  };
}
