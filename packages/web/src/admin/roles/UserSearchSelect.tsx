// Choosing users (login accounts) by name. There is no user search endpoint, so people with an opened
// account are searched instead: persons for enterprise users, agents for agency users; the option's
// value is the person's login account (account_user, a user sid). The shared UserPicker only takes a
// typed ID, which does not fit adding members or administrators.
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IQL_LIMITS, RESULT_CODES, printIql, type Expression, type RolePlatform, type Span } from '@ipdesk/core';
import { searchRecords } from '../../api/model';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const NO_SPAN: Span = { start: 0, end: 0 };

/** People with a login account whose keyword fields match the text, as iql. */
export function accountHolderIql(text: string): string {
  const hasAccount: Expression = {
    type: 'isNull',
    field: { path: ['account_user'], span: NO_SPAN },
    negated: true,
    span: NO_SPAN,
  };
  const trimmed = text.trim().slice(0, IQL_LIMITS.maxStringLength);
  const where: Expression = trimmed
    ? { type: 'and', left: { type: 'match', text: trimmed, span: NO_SPAN }, right: hasAccount, span: NO_SPAN }
    : hasAccount;
  return printIql({ where, orderBy: [] });
}

export function accountModelOf(platform: RolePlatform): 'person' | 'agent' {
  return platform === 2 ? 'agent' : 'person';
}

export interface UserOption {
  value: string;
  label: string;
}

/** Names of login accounts (user sids), read from the people holding them; sids without one stay unnamed. */
export function useAccountNames(sids: readonly string[]): ReadonlyMap<string, string> {
  const wanted = [...new Set(sids.filter(Boolean))].sort();
  const query = useQuery({
    queryKey: ['admin', 'account-names', wanted],
    queryFn: () =>
      searchRecords(
        'person',
        { iql: accountsIql(wanted), size: wanted.length, fl: ['sid', 'name', 'account_user'] },
        { silent: true },
      ),
    enabled: wanted.length > 0,
    staleTime: 60_000,
  });
  const names = new Map<string, string>();
  if (query.data?.result === RESULT_CODES.success) {
    for (const row of query.data.data.data.rows) {
      if (typeof row.account_user === 'string' && typeof row.name === 'string') names.set(row.account_user, row.name);
    }
  }
  return names;
}

/** `account_user IN (…)` over the given user sids. */
export function accountsIql(sids: readonly string[]): string {
  return printIql({
    where: {
      type: 'in',
      field: { path: ['account_user'], span: NO_SPAN },
      values: sids.map((value) => ({ kind: 'string', value, span: NO_SPAN })),
      negated: false,
      span: NO_SPAN,
    },
    orderBy: [],
  });
}

export function UserSearchSelect({
  platform,
  value,
  onChange,
  exclude = [],
  id,
  testId,
  ariaLabel,
  multiple = true,
  knownNames,
}: {
  platform: RolePlatform;
  value: string[];
  onChange: (sids: string[], options: UserOption[]) => void;
  /** Users not offered (already members). */
  exclude?: readonly string[];
  id?: string;
  testId?: string;
  ariaLabel?: string;
  /** One user at most (value holds zero or one sid). */
  multiple?: boolean;
  /** Names of users already chosen, by sid. */
  knownNames?: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, 300);
  const model = accountModelOf(platform);
  // Labels of users chosen from earlier searches, so they keep their names when the search changes.
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const found = useQuery({
    queryKey: ['admin', 'account-holders', model, settled],
    queryFn: () =>
      searchRecords(
        model,
        { iql: accountHolderIql(settled), size: 20, fl: ['sid', 'name', 'account_user'] },
        { silent: true },
      ),
  });
  const options = new Map<string, string>();
  for (const sid of value) options.set(sid, known.get(sid) ?? knownNames?.get(sid) ?? sid);
  if (found.data?.result === RESULT_CODES.success) {
    for (const row of found.data.data.data.rows) {
      const user = row.account_user;
      if (typeof user !== 'string' || user === '' || exclude.includes(user)) continue;
      options.set(user, typeof row.name === 'string' && row.name ? row.name : user);
    }
  }
  const list = [...options].map(([sid, label]) => ({ value: sid, label }));

  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setTerm}
      value={multiple ? value : value[0]}
      onChange={(picked: string[] | string | undefined) => {
        const next = Array.isArray(picked) ? picked : picked ? [picked] : [];
        const chosen = list.filter((option) => next.includes(option.value));
        setKnown((before) => new Map([...before, ...chosen.map((option) => [option.value, option.label] as const)]));
        onChange(next, chosen);
      }}
      options={list}
      placeholder={t('adminRole.userSearchPlaceholder')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('adminRole.userSearchEmpty')}
      style={{ minWidth: 260 }}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}
