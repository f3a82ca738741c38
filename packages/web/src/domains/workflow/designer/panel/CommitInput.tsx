// Text and number inputs of the properties panel that write to the diagram when the user is done with
// the value (Enter, leaving the field, or the panel moving to another element), not on every key: each
// write is one undo step, and an undo step per character would make undo useless.
import { Input, InputNumber, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface CommitProps<T> {
  value: T;
  onCommit: (value: T) => void;
  disabled?: boolean;
  testId?: string;
  id?: string;
}

/** Commits a pending draft when the input goes away (another element selected) before it was left. */
function useCommitOnUnmount<T>(draft: T, value: T, onCommit: (value: T) => void): () => void {
  const latest = useRef({ draft, value, onCommit });
  latest.current = { draft, value, onCommit };
  useEffect(
    () => () => {
      const { draft: pending, value: saved, onCommit: commit } = latest.current;
      if (pending !== saved) commit(pending);
    },
    [],
  );
  return () => {
    const { draft: pending, value: saved, onCommit: commit } = latest.current;
    if (pending !== saved) commit(pending);
  };
}

export function CommitInput({
  value,
  onCommit,
  disabled,
  testId,
  id,
  placeholder,
  check,
}: CommitProps<string> & {
  placeholder?: string;
  /** What is wrong with the text as typed (shown at once, before it is written), or undefined. */
  check?: (text: string) => string | undefined;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = useCommitOnUnmount(draft, value, onCommit);
  const problem = check?.(draft);
  return (
    <>
      <Input
        id={id}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
        disabled={disabled}
        placeholder={placeholder}
        status={problem ? 'error' : undefined}
        data-testid={testId}
      />
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={testId && `${testId}-problem`}>
          {problem}
        </Typography.Text>
      )}
    </>
  );
}

export function CommitNumber({
  value,
  onCommit,
  disabled,
  testId,
  id,
  min,
  max,
  placeholder,
}: CommitProps<number | null> & { min?: number; max?: number; placeholder?: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = useCommitOnUnmount(draft, value, onCommit);
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      value={draft}
      min={min}
      max={max}
      precision={0}
      onChange={(next) => setDraft(next ?? null)}
      onBlur={commit}
      onPressEnter={commit}
      disabled={disabled}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}
