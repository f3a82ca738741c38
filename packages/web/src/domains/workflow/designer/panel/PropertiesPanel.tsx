// The designer's properties panel (our own, beside the canvas): the process when nothing is selected, else
// the selected element's name and what its type has: approval settings for user tasks, the condition for
// sequence flows. Values are read from the diagram on every render (the revision of the command stack
// re-renders it), so undo and redo show at once.
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchemaField } from '../../../../api/model';
import { writeName, type DiagramElement, type DiagramServices } from '../diagram-services';
import { CommitInput } from './CommitInput';
import { FlowPanel } from './FlowPanel';
import { ProcessPanel, type ApprovalActionOption } from './ProcessPanel';
import { TaskPanel } from './TaskPanel';

/** The element types the engine runs, by the name the panel gives them. */
const SUPPORTED_TYPES = {
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway',
  'bpmn:SequenceFlow': 'sequenceFlow',
} as const;
type SupportedType = keyof typeof SUPPORTED_TYPES;
const isSupported = (type: string): type is SupportedType => type in SUPPORTED_TYPES;

export interface PropertiesPanelProps {
  services: DiagramServices;
  selected: DiagramElement | undefined;
  /** Moves with every command, so the panel renders the diagram's current values. */
  revision: number;
  model: string;
  modelLabel: string;
  fields: readonly SchemaField[];
  /** The model's approval-bound lifecycle actions a process may approve. */
  approvalActions: readonly ApprovalActionOption[];
  editable: boolean;
}

export function PropertiesPanel({
  services,
  selected,
  model,
  modelLabel,
  fields,
  approvalActions,
  editable,
}: PropertiesPanelProps) {
  const { t } = useTranslation();
  const disabled = !editable;
  const root = services.canvas.getRootElement();
  const element = selected && selected !== root ? selected : undefined;

  if (!element)
    return (
      <Form layout="vertical" size="small" data-testid="designer-panel-process">
        <Typography.Title level={5}>{t('designer.panelProcess')}</Typography.Title>
        <ProcessPanel
          services={services}
          modelLabel={modelLabel}
          fields={fields}
          approvalActions={approvalActions}
          disabled={disabled}
        />
      </Form>
    );

  const name = element.businessObject.name;
  return (
    // Keyed by the element: a pending text of one element is committed before another one shows.
    <Form layout="vertical" size="small" key={element.id} data-testid="designer-panel-element">
      <Typography.Title level={5} data-testid="designer-panel-type">
        {isSupported(element.type) ? t(`designer.type.${SUPPORTED_TYPES[element.type]}`) : element.type}
      </Typography.Title>
      {!isSupported(element.type) && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('designer.unsupportedType')} />
      )}
      <Form.Item label={t('designer.elementId')}>
        <Input value={element.id} disabled data-testid="designer-element-id" />
      </Form.Item>
      <Form.Item label={t('designer.elementName')}>
        <CommitInput
          value={typeof name === 'string' ? name : ''}
          onCommit={(text) => writeName(services, element, text)}
          disabled={disabled}
          testId="designer-element-name"
        />
      </Form.Item>
      {element.type === 'bpmn:UserTask' && (
        <TaskPanel services={services} task={element} model={model} fields={fields} disabled={disabled} />
      )}
      {element.type === 'bpmn:SequenceFlow' && <FlowPanel services={services} flow={element} disabled={disabled} />}
    </Form>
  );
}
