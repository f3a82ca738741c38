// /workflow/definitions/:key — the process designer: the canvas, our properties panel beside it and the
// live design check under it, with saving the draft, publishing, the version switcher and "new version
// from this". This page loads what is open; DesignerWorkspace works on it.
import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { noticeText } from '../../../components/notice-text';
import { useHeldResource } from '../../../admin/org/useOrgAccess';
import { DesignerWorkspace } from './DesignerWorkspace';
import { useDesignerSession } from './use-designer-session';

/** The version asked for in the address (?version=3), when it is one. */
function requestedVersion(text: string | null): number | undefined {
  const version = Number(text);
  return text !== null && Number.isInteger(version) && version > 0 ? version : undefined;
}

export function DesignerPage() {
  const { key = '' } = useParams();
  // Another key is another designer: nothing of the one before (versions, undo, what is open) carries over.
  return <KeyDesigner key={key} definitionKey={key} />;
}

function KeyDesigner({ definitionKey: key }: { definitionKey: string }) {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation();
  const canEdit = useHeldResource('workflow:update');
  const session = useDesignerSession(key, canEdit);
  const { open, opened } = session;

  // Opened once per key (and again when the right to edit becomes known); afterwards the page opens
  // versions itself and only mirrors them in the address.
  const initial = useRef(requestedVersion(params.get('version')));
  useEffect(() => {
    void open(initial.current);
  }, [open]);

  const shownVersion = opened?.version;
  useEffect(() => {
    if (shownVersion === undefined) return;
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.set('version', String(shownVersion));
        return next;
      },
      { replace: true },
    );
    initial.current = shownVersion;
  }, [shownVersion, setParams]);

  if (session.loadFailed)
    return (
      <div data-testid="designer-load-failed">
        <Result
          status={session.loadFailed === 'notFound' ? '404' : 'error'}
          title={
            session.loadFailed === 'notFound' ? t('designer.notFound', { key }) : noticeText(t, session.loadFailed)
          }
          extra={
            <Flex gap={8} justify="center">
              <Link to="/workflow/definitions">
                <Button>{t('designer.backToList')}</Button>
              </Link>
              {session.loadFailed !== 'notFound' && (
                <Button type="primary" onClick={() => void open(initial.current)}>
                  {t('model.retry')}
                </Button>
              )}
            </Flex>
          }
        />
      </div>
    );

  if (!opened)
    return (
      <Flex justify="center" style={{ padding: 48 }} data-testid="designer-loading">
        <Spin />
      </Flex>
    );

  return <DesignerWorkspace session={session} opened={opened} canEdit={canEdit} />;
}
