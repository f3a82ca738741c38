// The design check's findings under the canvas: the live check's problems (errors block publishing,
// warnings do not) and, after a refused publish, the server's. Clicking one selects its element.
import { CheckCircleOutlined, CloseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, List, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESIGN_RULE_IDS, type DesignRuleId } from '@ipdesk/core';
import { errorCount, type ShownProblem } from './design-problems';

interface ProblemsPanelProps {
  /** Undefined while the first check runs. */
  problems: ShownProblem[] | undefined;
  /** The problems the server gave when it refused to publish (empty when it did not). */
  refused: ShownProblem[];
  onPick: (elementId: string) => void;
}

function isRule(rule: string): rule is DesignRuleId {
  return (DESIGN_RULE_IDS as readonly string[]).includes(rule);
}

function ProblemList({
  problems,
  onPick,
  testId,
}: {
  problems: ShownProblem[];
  onPick: (id: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const ruleName = (rule: string) => (isRule(rule) ? t(`workflowDesign.rule.${rule}`) : rule);
  return (
    <div data-testid={testId}>
      <List
        size="small"
        dataSource={problems}
        renderItem={(problem) => (
          <List.Item
            key={problem.key}
            onClick={() => onPick(problem.elementId)}
            style={{ cursor: problem.elementId ? 'pointer' : undefined }}
            data-testid="designer-problem"
            data-element-id={problem.elementId}
            data-rule={problem.rule}
          >
            <Flex gap={8} align="start">
              {problem.severity === 'error' ? (
                <CloseCircleOutlined style={{ color: '#ff4d4f', marginTop: 4 }} />
              ) : (
                <WarningOutlined style={{ color: '#faad14', marginTop: 4 }} />
              )}
              <Flex vertical>
                <Typography.Text>{problem.text}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {ruleName(problem.rule)}
                  {problem.elementId && ` · ${problem.elementId}`}
                </Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </div>
  );
}

export function ProblemsPanel({ problems, refused, onPick }: ProblemsPanelProps) {
  const { t } = useTranslation();
  const errors = problems ? errorCount(problems) : 0;
  const warnings = problems ? problems.length - errors : 0;

  return (
    <Card
      size="small"
      title={t('designer.problems')}
      extra={
        problems && (
          <Flex gap={4} data-testid="designer-problem-counts">
            <Tag color={errors > 0 ? 'error' : 'default'}>{t('designer.errorCount', { n: errors })}</Tag>
            <Tag color={warnings > 0 ? 'warning' : 'default'}>{t('designer.warningCount', { n: warnings })}</Tag>
          </Flex>
        )
      }
      styles={{ body: { maxHeight: 220, overflow: 'auto', padding: '4px 12px' } }}
      data-testid="designer-problems"
    >
      {refused.length > 0 && (
        <div data-testid="designer-refused">
          <Alert
            type="error"
            showIcon
            style={{ margin: '8px 0' }}
            message={t('designer.publishRefused', { n: refused.length })}
            description={<ProblemList problems={refused} onPick={onPick} testId="designer-refused-list" />}
          />
        </div>
      )}
      {!problems && <Spin size="small" />}
      {problems && problems.length === 0 && (
        <Typography.Text type="success" data-testid="designer-no-problems">
          <CheckCircleOutlined /> {t('designer.noProblems')}
        </Typography.Text>
      )}
      {problems && problems.length > 0 && (
        <ProblemList problems={problems} onPick={onPick} testId="designer-problem-list" />
      )}
    </Card>
  );
}
