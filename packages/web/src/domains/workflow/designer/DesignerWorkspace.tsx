// The designer at work on one open version: canvas, properties panel and problems, and what the toolbar's
// actions do. Unsaved work is asked about before it could be lost (switching versions, leaving the page).
import { App, Card, Flex, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, MODEL_CATALOG, isLanguage, labelIn } from '@ipdesk/core';
import { exportVersion } from '../../../api/workflow';
import { noticeText } from '../../../components/notice-text';
import { useModelSchema } from '../../../models/queries';
import { refusedProblems, shownProblems, type ShownProblem } from './design-problems';
import { DesignerToolbar } from './DesignerToolbar';
import { DiagramCanvas } from './DiagramCanvas';
import { fitDiagram, type DiagramServices } from './diagram-services';
import { PropertiesPanel } from './panel/PropertiesPanel';
import { ProblemsPanel } from './ProblemsPanel';
import type { OpenedVersion, useDesignerSession } from './use-designer-session';
import { useDesignCheck, useDiagramState, useProblemMarkers } from './use-diagram';

interface DesignerWorkspaceProps {
  session: ReturnType<typeof useDesignerSession>;
  opened: OpenedVersion;
  canEdit: boolean;
}

export function DesignerWorkspace({ session, opened, canEdit }: DesignerWorkspaceProps) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const declared = MODEL_CATALOG.find((model) => model.name === opened.model);
  const modelLabel = declared ? labelIn(declared.label, language) : opened.model;
  const { schema } = useModelSchema(opened.model);
  const fields = schema?.fields ?? [];
  const approvalActions = (schema?.lifecycle?.actions ?? []).filter((action) => action.approval);

  const [services, setServices] = useState<DiagramServices>();
  const { selected, revision } = useDiagramState(services);
  const found = useDesignCheck(services, revision);
  const problems = useMemo(() => found && shownProblems(found, t), [found, t]);
  const [refused, setRefused] = useState<ShownProblem[]>([]);
  const marked = useMemo(() => [...(problems ?? []), ...refused], [problems, refused]);
  useProblemMarkers(services, marked);

  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish'>();
  const revisionRef = useRef(revision);
  revisionRef.current = revision;
  useEffect(() => {
    setDirty(false);
    setRefused([]);
  }, [opened.loadId]);
  useEffect(() => {
    if (revision > 0) setDirty(true);
  }, [revision]);
  // A copy of an older version is unsaved until saving makes it the draft.
  const unsaved = opened.editable && (dirty || opened.status !== 'draft');

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const confirmDiscard = (then: () => void): void => {
    if (!unsaved) return then();
    modal.confirm({
      title: t('designer.discardTitle'),
      content: t('designer.discardContent'),
      okText: t('designer.discard'),
      cancelText: t('model.cancel'),
      onOk: then,
    });
  };

  const showConflict = (): void => {
    modal.confirm({
      title: t('designer.conflictTitle'),
      content: t('designer.conflictContent'),
      okText: t('designer.reloadLatest'),
      cancelText: t('designer.keepEditing'),
      onOk: () => session.open(),
      okButtonProps: { 'data-testid': 'designer-conflict-reload' },
    });
  };

  /** Saves the diagram as the draft; true when it was saved. */
  const save = async (): Promise<boolean> => {
    if (!services) return false;
    const savedAt = revisionRef.current;
    setBusy('save');
    const outcome = await session.save(await services.saveXml());
    setBusy(undefined);
    if (outcome.kind === 'done') {
      // Edits made while the save was on its way are still unsaved.
      setDirty(revisionRef.current !== savedAt);
      void message.success(t('designer.saved', { version: outcome.header.version }));
      return true;
    }
    if (outcome.kind === 'conflict') showConflict();
    else if (outcome.kind === 'failed') void message.error(noticeText(t, outcome.notice));
    return false;
  };

  const publish = async (): Promise<void> => {
    if (unsaved && !(await save())) return;
    setBusy('publish');
    const outcome = await session.publish();
    setBusy(undefined);
    if (outcome.kind === 'done') {
      setRefused([]);
      void message.success(t('designer.published', { version: outcome.header.version }));
      await session.open(outcome.header.version);
    } else if (outcome.kind === 'refused') setRefused(refusedProblems(outcome.fields));
    else if (outcome.kind === 'conflict') showConflict();
    else void message.error(noticeText(t, outcome.notice));
  };

  const confirmPublish = (): void => {
    modal.confirm({
      title: t('designer.publishTitle'),
      content: t('designer.publishContent'),
      okText: t('designer.publish'),
      cancelText: t('model.cancel'),
      onOk: () => void publish(),
      okButtonProps: { 'data-testid': 'designer-publish-confirm' },
    });
  };

  const newVersion = async (): Promise<void> => {
    const draft = await session.newestDraftBesides();
    if (!draft) return session.editCopy();
    modal.confirm({
      title: t('designer.replaceDraftTitle', { version: draft.version }),
      content: t('designer.replaceDraftContent', { version: draft.version }),
      okText: t('designer.newVersion'),
      cancelText: t('model.cancel'),
      onOk: () => session.editCopy(),
    });
  };

  const pick = (elementId: string): void => {
    if (!services) return;
    const element = services.elementRegistry.get(elementId);
    if (!element || element === services.canvas.getRootElement()) return services.selection.select(null);
    services.selection.select(element);
    services.canvas.scrollToElement(element);
  };

  return (
    <Flex vertical gap={12} data-testid="designer-page">
      <DesignerToolbar
        opened={opened}
        modelLabel={modelLabel}
        versions={session.versions}
        unsaved={unsaved}
        canEdit={canEdit}
        canUndo={services?.commandStack?.canUndo() ?? false}
        canRedo={services?.commandStack?.canRedo() ?? false}
        busy={busy}
        onSwitch={(version) => confirmDiscard(() => void session.open(version))}
        onUndo={() => services?.commandStack?.undo()}
        onRedo={() => services?.commandStack?.redo()}
        onFit={() => services && fitDiagram(services.canvas)}
        onExport={() => void exportVersion(opened.key, opened.version)}
        onSave={() => void save()}
        onPublish={confirmPublish}
        onNewVersion={() => void newVersion()}
      />
      <Flex gap={12} style={{ height: 'calc(100vh - 300px)', minHeight: 480 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <DiagramCanvas
            key={opened.loadId}
            xml={opened.xml}
            editable={opened.editable}
            onReady={setServices}
            onImportFailed={(error) =>
              void message.error(t('designer.importFailed', { reason: error instanceof Error ? error.message : '' }))
            }
          />
        </div>
        <Card
          size="small"
          style={{ width: 380, flex: 'none', overflow: 'auto' }}
          styles={{ body: { padding: 12 } }}
          data-testid="designer-panel"
        >
          {services ? (
            <PropertiesPanel
              services={services}
              selected={selected}
              revision={revision}
              model={opened.model}
              modelLabel={modelLabel}
              fields={fields}
              approvalActions={approvalActions}
              editable={opened.editable}
            />
          ) : (
            <Spin />
          )}
        </Card>
      </Flex>
      <ProblemsPanel problems={problems} refused={refused} onPick={pick} />
    </Flex>
  );
}
