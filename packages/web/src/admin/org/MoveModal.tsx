// Choosing a new parent for a company or a department. The targets offered exclude the node itself and
// its descendants (moveTargets in tree.ts); departments may also move to the top level of their
// company. The server's refusal is shown in the dialog.
import { Form, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgDialog } from './OrgDialog';

export interface MoveOption {
  value: string;
  title: string;
  children?: MoveOption[];
}

/** The value standing for "no parent" (the company's top level). */
export const TOP_LEVEL = '__top__';

export function MoveModal({
  title,
  options,
  current,
  topLevelLabel,
  onMove,
  onClose,
}: {
  title: string;
  options: MoveOption[];
  /** The current parent (TOP_LEVEL for none). */
  current: string | undefined;
  /** Offer the top level with this label (departments). */
  topLevelLabel?: string;
  /** Resolves to the server's refusal, or undefined when moved. */
  onMove: (parent: string | null) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | undefined>(current);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const treeData = topLevelLabel ? [{ value: TOP_LEVEL, title: topLevelLabel }, ...options] : options;
  const unchanged = target === undefined || target === current;

  const submit = async (): Promise<void> => {
    if (unchanged) return;
    setSaving(true);
    setError(undefined);
    const refusal = await onMove(target === TOP_LEVEL ? null : target);
    setSaving(false);
    if (refusal) setError(refusal);
  };

  return (
    <OrgDialog
      title={title}
      okText={t('adminOrg.move')}
      okTestId="org-move-ok"
      okDisabled={unchanged}
      error={error}
      errorTestId="org-move-error"
      saving={saving}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('adminOrg.newParent')} htmlFor="org-move-target" extra={t('adminOrg.moveHint')}>
          <TreeSelect
            id="org-move-target"
            value={target}
            onChange={(value: string) => setTarget(value)}
            treeData={treeData}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            style={{ width: '100%' }}
            data-testid="org-move-target"
          />
        </Form.Item>
      </Form>
    </OrgDialog>
  );
}
