// A record reference typed as its 16-character ID, with a hint saying what to enter. Used where no
// search exists yet for the referenced records (people, organisations, agencies …).
import { Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@ipdesk/core';
import { lengthCount } from '../../../components/length-limit';
import type { FieldInputProps } from '../types';

/** An ID's length: a pasted longer text is kept and refused by the form's ID rule, never cut. */
const SID_LENGTH = 16;

export interface SidInputProps extends FieldInputProps {
  hintKey: MessageKey;
}

export function SidInput({ field, value, onChange, id, disabled, testId, hintKey }: SidInputProps) {
  const { t } = useTranslation();
  const control = field.multiple ? (
    <Select
      id={id}
      mode="tags"
      open={false}
      tokenSeparators={[',', ' ', '\n']}
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={(next: string[]) => onChange?.(next.map((item) => item.trim()).filter(Boolean))}
      placeholder={t('modelField.sidPlaceholder')}
      disabled={disabled}
      data-testid={testId}
    />
  ) : (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value.trim())}
      count={lengthCount(SID_LENGTH)}
      allowClear
      placeholder={t('modelField.sidPlaceholder')}
      disabled={disabled}
      data-testid={testId}
    />
  );
  return (
    <Flex vertical gap={4}>
      {control}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(hintKey)}
      </Typography.Text>
    </Flex>
  );
}
