// The designer's header: what is open (name, key, model, version and its status, unsaved changes), the
// version switcher, and the actions: undo/redo and fit, export, and either save and publish (editing)
// or "new version from this" (looking at a version).
import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  DownloadOutlined,
  ExpandOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VersionSummary } from '../../../api/workflow';
import { STATUS_COLORS } from '../status';
import type { OpenedVersion } from './use-designer-session';

interface DesignerToolbarProps {
  opened: OpenedVersion;
  modelLabel: string;
  versions: VersionSummary[] | undefined;
  unsaved: boolean;
  canEdit: boolean;
  canUndo: boolean;
  canRedo: boolean;
  busy: 'save' | 'publish' | undefined;
  onSwitch: (version: number) => void;
  onUndo: () => void;
  onRedo: () => void;
  onFit: () => void;
  onExport: () => void;
  onSave: () => void;
  onPublish: () => void;
  onNewVersion: () => void;
}

export function DesignerToolbar(props: DesignerToolbarProps) {
  const { opened, modelLabel, versions, unsaved, canEdit, busy } = props;
  const { t } = useTranslation();
  // An edited copy of a published or retired version is not yet a version of its own.
  const copy = opened.editable && opened.status !== 'draft';

  return (
    <Flex justify="space-between" align="center" wrap gap={8} data-testid="designer-toolbar">
      <Space wrap size={6}>
        <Link to="/workflow/definitions" title={t('designer.backToList')}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="designer-title">
          {opened.name}
        </Typography.Title>
        <Tag data-testid="designer-key">{opened.key}</Tag>
        <Tag color="purple">{modelLabel}</Tag>
        <Select<number>
          size="small"
          style={{ minWidth: 150 }}
          value={opened.version}
          onChange={props.onSwitch}
          options={(versions ?? []).map((entry) => ({
            value: entry.version,
            label: `v${entry.version} · ${t(`wfDefs.status.${entry.status}`)}`,
          }))}
          aria-label={t('designer.version')}
          data-testid="designer-version"
        />
        <Tag color={copy ? 'orange' : STATUS_COLORS[opened.status]} data-testid="designer-status">
          {copy
            ? t('designer.copyOf', { version: opened.version })
            : `v${opened.version} · ${t(`wfDefs.status.${opened.status}`)}`}
        </Tag>
        {!opened.editable && <Tag data-testid="designer-read-only">{t('designer.readOnly')}</Tag>}
        {unsaved && (
          <Tag color="gold" data-testid="designer-unsaved">
            {t('designer.unsaved')}
          </Tag>
        )}
      </Space>
      <Space wrap size={6}>
        {opened.editable && (
          <>
            <Tooltip title={t('designer.undo')}>
              <Button
                icon={<UndoOutlined />}
                disabled={!props.canUndo}
                onClick={props.onUndo}
                aria-label={t('designer.undo')}
                data-testid="designer-undo"
              />
            </Tooltip>
            <Tooltip title={t('designer.redo')}>
              <Button
                icon={<RedoOutlined />}
                disabled={!props.canRedo}
                onClick={props.onRedo}
                aria-label={t('designer.redo')}
                data-testid="designer-redo"
              />
            </Tooltip>
          </>
        )}
        <Tooltip title={t('designer.fit')}>
          <Button
            icon={<ExpandOutlined />}
            onClick={props.onFit}
            aria-label={t('designer.fit')}
            data-testid="designer-fit"
          />
        </Tooltip>
        {!copy && (
          <Button icon={<DownloadOutlined />} onClick={props.onExport} data-testid="designer-export">
            {t('wfDefs.export')}
          </Button>
        )}
        {opened.editable ? (
          <>
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              disabled={busy !== undefined || !unsaved}
              onClick={props.onSave}
              data-testid="designer-save"
            >
              {t('designer.save')}
            </Button>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={busy === 'publish'}
              disabled={busy !== undefined}
              onClick={props.onPublish}
              data-testid="designer-publish"
            >
              {t('designer.publish')}
            </Button>
          </>
        ) : (
          canEdit && (
            <Button icon={<CopyOutlined />} onClick={props.onNewVersion} data-testid="designer-new-version">
              {t('designer.newVersion')}
            </Button>
          )
        )}
      </Space>
    </Flex>
  );
}
