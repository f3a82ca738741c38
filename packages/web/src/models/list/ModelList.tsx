// The generic list of a model: search (basic / advance / batch, quick time ranges), a paged table whose
// columns are the user's saved choice or the model's defaults, row selection with batch delete, column
// settings and saved views, the xlsx template, import and export. Everything it sends is one iql string,
// shown above the table. Inside a parent record's tab (`within`) it lists that parent's child records only:
// the same columns, search and export, "new" presets the parent; saved views and imports stay on the
// model's own list.
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  ImportOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  RESULT_CODES,
  isLanguage,
  tryParseIql,
  type IqlQuery,
} from '@ipdesk/core';
import type { SavedView } from '../../api/list-settings';
import { deleteRecords, type ModelRow, type ModelSchema } from '../../api/model';
import { createExport, downloadImportTemplate } from '../../api/transfer';
import { renderValue, type CellContext } from '../fields/cells';
import { editRecordPath, newRecordPath, recordPath } from '../paths';
import { headerQuery, modelKeys } from '../queries';
import { abilitiesOf, defaultTimeRangeField, fieldMap, isSortable, timeRangeFields } from '../schema';
import type { QuickRange, SortOrder } from '../search/iql-build';
import { QuickRangeFilter } from '../search/QuickRangeFilter';
import { listView } from './list-view';
import { SavedViews } from './SavedViews';
import { SEARCH_PANEL_PARTS, SearchPanel, type SearchMode } from './SearchPanel';
import { iqlFailureMessage } from './iql-failure';
import { pagerTotal, useListPages } from './list-pages';
import { SkeletonRows } from './SkeletonRows';
import { newChildSearch, withinParent, type ParentFilter } from './within-parent';
import { preloadRecordPage } from '../../pages/model/preload';

/** The total's place in the pager, wide enough for "约 1,000,000 条" / "About 1,000,000". */
const TOTAL_STYLE = { display: 'inline-block', minWidth: '9em', textAlign: 'right' } as const;
import { namedRowSelection } from '../../components/row-selection';
import { BATCH_ACTION_PARTS, BatchActions } from '../lifecycle/BatchActions';
import { batchEditableFields } from '../batch-edit/batch-fields';
import { StatusTag, statusLook } from '../lifecycle/StatusTag';
import { lazyPart, whenIdle } from '../../components/lazy-part';

// Drawn only once asked for: loaded then, or on idle once the rows are shown (components/lazy-part.tsx).
const ColumnSettings = lazyPart(async () => (await import('./ColumnSettings')).ColumnSettings);
const ImportDialog = lazyPart(async () => (await import('../transfer/ImportDialog')).ImportDialog);
const BatchEditDialog = lazyPart(async () => (await import('../batch-edit/BatchEditDialog')).BatchEditDialog);

/** The user's saved columns of the model (null: the model's defaults); ready once answered. */
export function useHeaderColumns(model: string): { saved: string[] | null; ready: boolean } {
  const query = useQuery(headerQuery(model));
  const saved = query.data?.result === RESULT_CODES.success ? query.data.data.data.columns : null;
  return { saved, ready: !query.isPending };
}

export function ModelList({ schema, within }: { schema: ModelSchema; within?: ParentFilter }) {
  const model = schema.name;
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();

  const [mode, setMode] = useState<SearchMode>('basic');
  const [query, setQuery] = useState<IqlQuery>();
  const [advancedText, setAdvancedText] = useState('');
  const [quickField, setQuickField] = useState(() => defaultTimeRangeField(schema));
  const [quickRange, setQuickRange] = useState<QuickRange>();
  const [sort, setSort] = useState<SortOrder>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<ModelRow[]>([]);
  const [activeView, setActiveView] = useState<SavedView>();
  const [editingColumns, setEditingColumns] = useState(false);
  const [importing, setImporting] = useState(false);
  const [batchEditing, setBatchEditing] = useState(false);
  const [busy, setBusy] = useState<'template' | 'export'>();

  // Buttons the caller cannot use are not shown (the server refuses them anyway).
  const can = abilitiesOf(schema);
  const hasHeldActions = (schema.lifecycle?.actions ?? []).some((action) => action.allowed);
  // Batch edit: offered when the caller may update and write at least one batch-editable field.
  const canBatchEdit = batchEditableFields(schema).length > 0;
  const header = useHeaderColumns(model);
  // Only the shown columns: so the search waits for the saved columns, and choosing other columns fetches
  // the page again.
  const {
    columns,
    iql,
    fields: fieldList,
  } = listView(schema, {
    saved: activeView?.columns ?? header.saved,
    query: withinParent(query, within),
    quick: quickRange && quickField ? { field: quickField, range: quickRange } : undefined,
    sort,
  });
  const { search, count } = useListPages({ model, iql, fl: fieldList, page, size, enabled: header.ready });
  const answer = search.data?.result === RESULT_CODES.success ? search.data.data.data : undefined;
  const serverIqlError =
    search.data?.result !== RESULT_CODES.success ? iqlFailureMessage(search.data?.error) : undefined;
  const total = count && !count.estimated ? count.total : 0;
  const formatCount = (n: number) => new Intl.NumberFormat(language).format(n);

  // The dialogs' code, once the first rows are drawn and the browser has nothing else to do.
  const shown = answer !== undefined;
  useEffect(() => {
    if (!shown) return;
    return whenIdle(() => {
      for (const part of [ColumnSettings, ImportDialog, BatchEditDialog, ...SEARCH_PANEL_PARTS, ...BATCH_ACTION_PARTS])
        part.preload().catch(() => {});
    });
  }, [shown]);

  // After a delete the last page may be gone: step back to the last one there is.
  useEffect(() => {
    if (answer && answer.rows.length === 0 && page > 1 && total > 0) setPage(Math.ceil(total / size));
  }, [answer, page, size, total]);

  const startSearch = (next: IqlQuery, from: SearchMode): void => {
    setQuery(next);
    // A query with its own ORDER BY is ordered by it, not by an earlier click on a column.
    if (from === 'advance' && next.orderBy.length > 0) setSort(undefined);
    setPage(1);
    setSelected([]);
  };

  const applyView = (view: SavedView): void => {
    const parsed = tryParseIql(view.iql);
    setMode('advance');
    setAdvancedText(view.iql);
    setQuery(parsed.ok ? parsed.query : undefined);
    setQuickRange(undefined);
    setSort(undefined);
    setPage(1);
    setSelected([]);
    setActiveView(view);
  };

  const deleteSelected = (): void => {
    if (selected.length === 0) {
      void message.warning(t('modelList.selectAtLeastOne'));
      return;
    }
    const rows = [...selected];
    modal.confirm({
      title: (
        <span data-testid="delete-confirm-title">{t('modelList.deleteConfirmTitle', { count: rows.length })}</span>
      ),
      content: t('modelList.deleteConfirmContent'),
      okText: t('model.ok'),
      cancelText: t('model.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        // One call, all or none: a record gone or changed meanwhile refuses the batch and says which.
        const outcome = await deleteRecords(
          model,
          rows.map((row) => ({ sid: row.sid, version: row.version })),
        );
        if (outcome.result === RESULT_CODES.success)
          void message.success(t('modelList.deleted', { count: outcome.data.data.deleted }));
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] });
      },
    });
  };

  const downloadTemplate = async (): Promise<void> => {
    setBusy('template');
    await downloadImportTemplate(model);
    setBusy(undefined);
  };

  // The current query and columns; the link needs no token, so the browser downloads it itself.
  const exportRecords = async (): Promise<void> => {
    setBusy('export');
    const outcome = await createExport(model, { iql: iql || undefined, fl: columns });
    setBusy(undefined);
    if (outcome.result !== RESULT_CODES.success) return;
    void message.info(t('transfer.exportStarted'));
    window.location.assign(outcome.data.data.url);
  };

  const onImported = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] }),
    [queryClient, model],
  );

  const fields = useMemo(() => fieldMap(schema), [schema]);
  // The page's linked records read from the titles its answer carried (one lookup per page on the server).
  const titles = search.data?.result === RESULT_CODES.success ? search.data.data.titles : undefined;
  const files = search.data?.result === RESULT_CODES.success ? search.data.data.files : undefined;
  const cellContext: CellContext = { t, language, variant: 'table', titles, files };
  const tableColumns: TableProps<ModelRow>['columns'] = [
    ...columns.flatMap((name) => {
      const field = fields.get(name);
      if (!field) return [];
      const sortable = isSortable(field);
      return [
        {
          key: name,
          dataIndex: name,
          title: field.label,
          sorter: sortable,
          sortOrder:
            sort?.field === name ? (sort.direction === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
          render: (value: unknown, row: ModelRow) =>
            name === schema.title_field ? (
              <Link to={recordPath(model, row.sid)} data-testid="record-link">
                {typeof value === 'string' && value !== '' ? value : row.sid}
              </Link>
            ) : name === schema.lifecycle?.field && statusLook(schema, value) ? (
              <StatusTag schema={schema} value={value} />
            ) : (
              renderValue(value, field, cellContext)
            ),
        },
      ];
    }),
    {
      key: '_actions',
      title: t('modelList.actions'),
      fixed: 'right',
      width: 120,
      render: (_value: unknown, row: ModelRow) => (
        <Space size="small">
          <Link to={recordPath(model, row.sid)} data-testid={`row-view-${row.sid}`}>
            {t('modelList.view')}
          </Link>
          {can.update && (
            <Link to={editRecordPath(model, row.sid)} data-testid={`row-edit-${row.sid}`}>
              {t('modelList.edit')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<ModelRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
      setSort(field && one?.order ? { field, direction: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
      setPage(1);
      return;
    }
    if (pagination.pageSize && pagination.pageSize !== size) {
      setSize(pagination.pageSize);
      setPage(1);
    } else if (pagination.current) {
      setPage(pagination.current);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="model-list">
      <Card
        title={<span data-testid="model-title">{schema.label}</span>}
        // The title keeps its width; the toolbar takes the rest and wraps (English labels are long).
        styles={{
          header: { paddingBlock: 12 },
          title: { flex: 'none' },
          extra: { flex: '1 1 0', minWidth: 0, display: 'flex', justifyContent: 'flex-end' },
        }}
        extra={
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            {can.create && (
              <Link to={`${newRecordPath(model)}${within ? newChildSearch(within) : ''}`}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="model-new">
                  {t('modelList.new')}
                </Button>
              </Link>
            )}
            <BatchActions
              schema={schema}
              selected={selected}
              search={{ iql, count: count && !count.estimated ? count.total : undefined }}
              onRan={async () => {
                setSelected([]);
                await queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] });
              }}
            />
            {canBatchEdit && (
              <Button icon={<EditOutlined />} onClick={() => setBatchEditing(true)} data-testid="model-batch-edit">
                {t('batchEdit.open')}
              </Button>
            )}
            {can.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={deleteSelected} data-testid="model-batch-delete">
                {t('modelList.delete')}
              </Button>
            )}
            <Button icon={<SettingOutlined />} onClick={() => setEditingColumns(true)} data-testid="model-columns">
              {t('modelColumns.open')}
            </Button>
            {can.import && !within && (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  loading={busy === 'template'}
                  onClick={() => void downloadTemplate()}
                  data-testid="model-template"
                >
                  {t('transfer.template')}
                </Button>
                <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="model-import">
                  {t('transfer.import')}
                </Button>
              </>
            )}
            {can.export && (
              <Button
                icon={<ExportOutlined />}
                loading={busy === 'export'}
                onClick={() => void exportRecords()}
                data-testid="model-export"
              >
                {t('transfer.export')}
              </Button>
            )}
            {!within && (
              <SavedViews
                model={model}
                iql={iql}
                columns={columns}
                onApply={applyView}
                onDeleted={(view) => {
                  if (view.sid === activeView?.sid) setActiveView(undefined);
                }}
              />
            )}
          </Space>
        }
      >
        <SearchPanel
          schema={schema}
          mode={mode}
          onModeChange={setMode}
          advancedText={advancedText}
          onAdvancedTextChange={setAdvancedText}
          advancedServerError={mode === 'advance' ? serverIqlError : undefined}
          onSearch={startSearch}
        />
      </Card>
      <Card>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <QuickRangeFilter
              fields={timeRangeFields(schema)}
              field={quickField}
              range={quickRange}
              onChange={(change) => {
                setQuickField(change.field);
                setQuickRange(change.range);
                setPage(1);
              }}
            />
            <Space wrap>
              {activeView && (
                <Tag color="processing" closable onClose={() => setActiveView(undefined)} data-testid="active-view">
                  {t('modelViews.applied', { name: activeView.name })}
                </Tag>
              )}
              {selected.length > 0 && (
                <Typography.Text type="secondary" data-testid="selected-count">
                  {t('modelList.selected', { count: selected.length })}
                </Typography.Text>
              )}
            </Space>
          </Flex>
          {iql && (
            <Flex gap={8} align="baseline">
              <Typography.Text type="secondary">{t('modelSearch.currentQuery')}</Typography.Text>
              <Typography.Text code copyable={{ text: iql }} data-testid="current-iql">
                {iql}
              </Typography.Text>
            </Flex>
          )}
          {serverIqlError && mode !== 'advance' && (
            <Alert type="error" showIcon message={<span data-testid="search-error">{serverIqlError}</span>} />
          )}
          <Table<ModelRow>
            rowKey="sid"
            size="middle"
            // The first rows: skeleton rows in the table's place; later pages keep the rows shown meanwhile.
            loading={search.isFetching && answer !== undefined}
            locale={search.isPending ? { emptyText: <SkeletonRows rows={Math.min(size, 10)} /> } : undefined}
            onRow={() => ({ onMouseEnter: preloadRecordPage })}
            columns={tableColumns}
            dataSource={answer?.rows ?? []}
            scroll={{ x: 'max-content' }}
            onChange={onTableChange}
            // Rows are selected to delete them, to run a lifecycle action or a batch edit on them.
            rowSelection={
              can.delete || hasHeldActions || canBatchEdit
                ? {
                    ...namedRowSelection<ModelRow>(
                      (row) => t('modelList.selectRow', { title: String(row[schema.title_field] ?? row.sid) }),
                      t('modelList.selectAll'),
                    ),
                    selectedRowKeys: selected.map((row) => row.sid),
                    preserveSelectedRowKeys: true,
                    onChange: (_keys, rows) => setSelected(rows.filter((row): row is ModelRow => row !== undefined)),
                  }
                : undefined
            }
            pagination={{
              current: page,
              pageSize: size,
              total: pagerTotal({
                count: count?.total,
                page,
                size,
                rows: answer?.rows.length,
                hasNext: answer?.next_cursor !== undefined,
              }),
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
              // The count arrives after the rows: its place is kept, so nothing moves when it does.
              showTotal: () => (
                <span data-testid="list-total" data-estimated={count?.estimated ?? 'pending'} style={TOTAL_STYLE}>
                  {count === undefined
                    ? t('modelList.counting')
                    : t(count.estimated ? 'modelList.totalAbout' : 'modelList.total', {
                        total: formatCount(count.total),
                      })}
                </span>
              ),
            }}
            data-testid="model-table"
          />
        </Flex>
      </Card>
      {importing && can.import && (
        <ImportDialog
          model={model}
          modelLabel={schema.label}
          onClose={() => setImporting(false)}
          onImported={onImported}
        />
      )}
      {batchEditing && (
        <BatchEditDialog
          schema={schema}
          selected={selected}
          iql={iql}
          onClose={() => setBatchEditing(false)}
          onFinished={() => void queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] })}
        />
      )}
      {editingColumns && (
        <ColumnSettings
          schema={schema}
          columns={columns}
          onClose={() => setEditingColumns(false)}
          onSaved={() => {
            setEditingColumns(false);
            setActiveView(undefined);
            void queryClient.invalidateQueries({ queryKey: modelKeys.header(model) });
          }}
        />
      )}
    </Flex>
  );
}
