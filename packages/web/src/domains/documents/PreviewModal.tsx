// Previewing a document in the browser: the file is fetched with the session's headers (an <iframe src>
// could not send them) and shown from a blob: URL — PDF in a frame, images in antd Image. When the server
// says it cannot be previewed (encrypted, too large, not an image or PDF: spec §8), its message is shown
// with a download button instead.
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Image, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { noticeText } from '../../components/notice-text';
import { downloadDocument, fetchPreview, type PatentDocument } from './api';

/** Codes meaning "look at it another way": the user is offered the download. */
const DOWNLOAD_INSTEAD = new Set<number>([
  errors.previewEncrypted.code,
  errors.previewTooLarge.code,
  errors.previewUnsupported.code,
]);

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; url: string; mediaType: string }
  | { kind: 'refused'; notice: VisibleNotice; downloadInstead: boolean };

export interface PreviewModalProps {
  document: PatentDocument;
  subCompanySid: string | undefined;
  onClose: () => void;
  /** After a preview or download was recorded (the history changed). */
  onRecorded: () => void;
}

export function PreviewModal({ document, subCompanySid, onClose, onRecorded }: PreviewModalProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    void fetchPreview(document.sid, { subCompanySid }).then((outcome) => {
      if (cancelled) return;
      if (outcome.result !== RESULT_CODES.success) {
        const code = outcome.error.body?.code;
        setState({
          kind: 'refused',
          notice: inlineNotice(outcome.error),
          downloadInstead: code !== undefined && DOWNLOAD_INSTEAD.has(code),
        });
        return;
      }
      url = URL.createObjectURL(outcome.data.blob);
      setState({ kind: 'ready', url, mediaType: outcome.data.blob.type || document.media_type });
      onRecorded();
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // One fetch per opened document; onRecorded is a notification, not an input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [document.sid, subCompanySid]);

  const download = async (): Promise<void> => {
    const outcome = await downloadDocument(document.sid, { subCompanySid });
    if (outcome.result === RESULT_CODES.success) onRecorded();
  };

  return (
    <Modal
      open
      width={960}
      title={t('patentDocs.previewTitle', { name: document.file_name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid="document-preview-download">
            {t('patentDocs.download')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('patentDocs.close')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="document-preview">
        {state.kind === 'loading' && (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin tip={t('patentDocs.previewLoading')}>
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </Flex>
        )}
        {state.kind === 'refused' && (
          <Alert
            type={state.downloadInstead ? 'info' : 'error'}
            showIcon
            message={<span data-testid="document-preview-refused">{noticeText(t, state.notice)}</span>}
            description={state.downloadInstead ? t('patentDocs.downloadInstead') : undefined}
            action={
              state.downloadInstead ? (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void download()}
                  data-testid="document-download-instead"
                >
                  {t('patentDocs.download')}
                </Button>
              ) : undefined
            }
          />
        )}
        {state.kind === 'ready' &&
          (state.mediaType === 'application/pdf' ? (
            <iframe
              src={state.url}
              title={document.file_name}
              style={{ width: '100%', height: '70vh', border: 0 }}
              data-testid="document-preview-frame"
            />
          ) : (
            <Flex justify="center" data-testid="document-preview-frame">
              <Image src={state.url} alt={document.file_name} style={{ maxHeight: '70vh' }} />
            </Flex>
          ))}
      </div>
    </Modal>
  );
}
