// The antd Result used by the public status pages, with stable test ids on its texts.
import { Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';

export interface PublicResultProps {
  status: ResultProps['status'];
  title: string;
  subTitle: string;
  /** An extra line under the subtitle, e.g. the advice on the no-permission page. */
  advice?: string;
  extra?: ReactNode;
}

export function PublicResult({ status, title, subTitle, advice, extra }: PublicResultProps) {
  return (
    <Result
      status={status}
      title={<span data-testid="result-title">{title}</span>}
      subTitle={
        <>
          <div data-testid="result-subtitle">{subTitle}</div>
          {advice && <div data-testid="result-advice">{advice}</div>}
        </>
      }
      extra={extra}
    />
  );
}
