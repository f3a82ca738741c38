// Files in fields (design samples, figures): how saved files read — thumbnails with names in a detail, a
// count with the first thumbnail in a list. Saved files are fetched with the session's headers (an <img>
// cannot send them) and shown from blob: URLs. The form's upload input is FieldFilesInput.tsx (antd's
// Upload stays out of the pages that only show files).
import { FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, type FieldFileInfo } from '@ipdesk/core';
import { downloadFieldFile, fetchFieldFile } from '../../api/field-files';
import type { FieldFiles } from '../../api/model';

/** A blob: URL of a saved file's thumbnail (fetched once per URL), revoked when no longer shown. */
function useThumbnail(url: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: ['field-file', url],
    queryFn: () => fetchFieldFile(url!),
    enabled: Boolean(url),
    staleTime: Infinity,
  });
  const blob = query.data?.result === RESULT_CODES.success ? query.data.data.blob : undefined;
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const next = URL.createObjectURL(blob);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return objectUrl;
}

/** One saved file: its thumbnail (or a file icon for TIFF and PDF), fetched with the session. */
export function FileThumbnail({ info, size }: { info: FieldFileInfo | undefined; size: number }) {
  const src = useThumbnail(info?.thumbnail_url);
  const box = { width: size, height: size, objectFit: 'cover' as const, borderRadius: 4 };
  return src ? (
    <img src={src} alt={info?.name ?? ''} style={box} data-testid="field-file-thumbnail" />
  ) : (
    <Flex align="center" justify="center" style={{ ...box, background: '#f5f5f5' }} data-testid="field-file-icon">
      <FileOutlined />
    </Flex>
  );
}

/** A detail's or read-only form's files: thumbnails with their names; a click saves the file. */
export function FieldFileList({ sids, files }: { sids: readonly string[]; files: FieldFiles | undefined }) {
  return (
    <Flex wrap gap={12} data-testid="field-files">
      {sids.map((sid) => {
        const info = files?.[sid];
        return (
          <Flex key={sid} vertical align="center" gap={4} style={{ width: 104 }}>
            <FileThumbnail info={info} size={96} />
            {info ? (
              <Typography.Link
                ellipsis
                style={{ maxWidth: 104 }}
                onClick={() => void downloadFieldFile(info.url)}
                data-testid="field-file-name"
              >
                {info.name}
              </Typography.Link>
            ) : (
              <Typography.Text code>{sid}</Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** A list cell: the first file's thumbnail and how many there are. */
export function FieldFileCount({ sids, files }: { sids: readonly string[]; files: FieldFiles | undefined }) {
  const { t } = useTranslation();
  return (
    <Space size={6} data-testid="field-file-count">
      <FileThumbnail info={files?.[sids[0]!]} size={24} />
      <span>{t('modelField.fileCount', { count: sids.length })}</span>
    </Space>
  );
}
