// A sequence flow's condition (an iql expression over record.<field> and var.<name>, checked as it is
// typed with the engine's own parser) and, for flows leaving an exclusive gateway, whether it is the
// gateway's default flow (taken when no condition holds).
import { Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkCondition } from '@ipdesk/core';
import {
  isDefaultFlow,
  writeCondition,
  writeDefaultFlow,
  type DiagramElement,
  type DiagramServices,
} from '../diagram-services';
import { readCondition } from '../extension-values';
import { CommitInput } from './CommitInput';

interface FlowPanelProps {
  services: DiagramServices;
  flow: DiagramElement;
  disabled: boolean;
}

export function FlowPanel({ services, flow, disabled }: FlowPanelProps) {
  const { t } = useTranslation();
  const condition = readCondition(flow.businessObject);
  const fromExclusive = flow.source?.type === 'bpmn:ExclusiveGateway';
  const isDefault = isDefaultFlow(flow);

  const problemOf = (text: string): string | undefined => {
    if (text.trim() === '') return undefined;
    const problem = checkCondition(text);
    return problem ? t(problem.messageKey, problem.params) : undefined;
  };

  if (!fromExclusive && condition === '')
    return <Typography.Text type="secondary">{t('designer.flowPlain')}</Typography.Text>;

  return (
    <>
      {fromExclusive && (
        <Form.Item label={t('designer.defaultFlow')} tooltip={t('designer.defaultFlowHint')}>
          <Switch
            checked={isDefault}
            onChange={(checked) => writeDefaultFlow(services, flow, checked)}
            disabled={disabled}
            data-testid="designer-default-flow"
          />
        </Form.Item>
      )}
      <Form.Item label={t('designer.condition')} extra={t('designer.conditionHint')}>
        <CommitInput
          value={condition}
          onCommit={(text) => writeCondition(services, flow, text)}
          check={problemOf}
          placeholder={t('designer.conditionPlaceholder')}
          disabled={disabled}
          testId="designer-condition"
        />
      </Form.Item>
    </>
  );
}
