// The titles of a batch's records ("CN-2026-001 锂电池"), read in one search by sid: a batch item carries
// only its record's sid. Records the reader cannot find (deleted, out of scope) keep their sid.
import { useQuery } from '@tanstack/react-query';
import { RESULT_CODES } from '@ipdesk/core';
import { searchRecords, type ModelSchema } from '../../api/model';
import { buildBatchQuery, composeIql } from '../search/iql-build';

export function useRecordTitles(schema: ModelSchema | undefined, sids: readonly string[]): ReadonlyMap<string, string> {
  const titleField = schema?.title_field;
  const query = useQuery({
    queryKey: ['model', schema?.name, 'search', 'titles', [...sids]],
    enabled: schema !== undefined && titleField !== undefined && sids.length > 0,
    queryFn: () =>
      searchRecords(
        schema?.name ?? '',
        {
          iql: composeIql(buildBatchQuery('sid', sids)),
          fl: ['sid', titleField ?? 'sid'],
          size: sids.length,
          total: false,
        },
        { silent: true },
      ),
  });
  const rows = query.data?.result === RESULT_CODES.success ? query.data.data.data.rows : [];
  return new Map(
    rows.flatMap((row) => {
      const title = titleField ? row[titleField] : undefined;
      return typeof title === 'string' && title !== '' ? [[row.sid, title] as const] : [];
    }),
  );
}
