// Choosing users for a user field: typing searches (debounced) the people the caller may pick — the
// server limits the search to their selection range (spec §6) — shown as "name (account) · department".
// A value already set keeps showing its user's name, read by sid, even outside that range.
import { Button, Divider, Flex, Select, Spin, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { valuesOf } from '../format';
import type { FieldInputProps } from '../types';
import { pickOptionLabel, searchKeyword, useUserNames, usePickableUsers, userLabel } from './user-lookup';

interface Labelled {
  value: string;
  label: string;
}

export function UserPicker({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(searchKeyword(typed), 300);
  // Search only once someone looks: a form full of user fields makes no call until then.
  const found = usePickableUsers(keyword, open || keyword !== '');
  const selected = valuesOf(value).filter((item): item is string => typeof item === 'string' && item !== '');
  const { names } = useUserNames(selected);
  // Labels of users picked here, so they keep their department when the search moves on.
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());

  const labelOf = (sid: string): string => {
    const known = picked.get(sid);
    if (known) return known;
    const user = names.get(sid);
    return user ? userLabel(t, user) : sid;
  };
  const chosen: Labelled[] = selected.map((sid) => ({ value: sid, label: labelOf(sid) }));
  const options: Labelled[] = (found.data ?? []).map((user) => ({ value: user.sid, label: pickOptionLabel(t, user) }));

  const change = (next: Labelled | Labelled[] | undefined) => {
    const list = next === undefined ? [] : Array.isArray(next) ? next : [next];
    setPicked((before) => {
      const merged = new Map(before);
      for (const item of list) {
        const option = options.find((candidate) => candidate.value === item.value);
        if (option) merged.set(option.value, option.label);
      }
      return merged;
    });
    setTyped('');
    const sids = list.map((item) => item.value);
    onChange?.(field.multiple ? sids : (sids[0] ?? null));
  };

  const notFound = found.isFetching ? (
    <Flex gap={8} align="center" data-testid="user-picker-searching">
      <Spin size="small" />
      <Typography.Text type="secondary">{t('userPicker.searching')}</Typography.Text>
    </Flex>
  ) : found.isError ? (
    <Flex gap={8} align="center" data-testid="user-picker-failed">
      <Typography.Text type="danger">{t('userPicker.loadFailed')}</Typography.Text>
      <Button size="small" onClick={() => void found.refetch()}>
        {t('model.retry')}
      </Button>
    </Flex>
  ) : (
    <Typography.Text type="secondary" data-testid="user-picker-empty">
      {t('userPicker.empty')}
    </Typography.Text>
  );

  const popup = (menu: ReactElement) => (
    <>
      {menu}
      <Divider style={{ margin: '4px 0' }} />
      <Typography.Text type="secondary" style={{ display: 'block', padding: '0 8px 4px', fontSize: 12 }}>
        {t('userPicker.rangeHint')}
      </Typography.Text>
    </>
  );

  return (
    <Select<Labelled | Labelled[], Labelled>
      id={id}
      style={{ width: '100%' }}
      mode={field.multiple ? 'multiple' : undefined}
      labelInValue
      showSearch
      allowClear
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      open={open}
      onOpenChange={setOpen}
      value={field.multiple ? chosen : chosen[0]}
      onChange={change}
      options={options}
      loading={found.isFetching}
      placeholder={t('userPicker.placeholder')}
      notFoundContent={notFound}
      popupRender={popup}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
