// A record's detail page: its fields with labels and readable values, the record information (company,
// created, updated, version), the history, and edit / delete (only for callers who may). Models with
// actions of their own (people: login accounts, resignation; agencies: close, reopen) add their buttons
// through their domain's manifest (detailActions), and tabs likewise (detailTabs); every record has a watch button. A model's child models
// (ModelDeclaration.parent) each get a tab with their generic list, unless a domain tab shows them already.
// Every model's record has an approval tab (its process, generic over models); a link may open a tab by ?tab= (a to-do opens the approval tab). Once the record is loaded, its
// company is added to the URL when missing (spec §2), so the address can be shared.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Tabs } from 'antd';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DEFAULT_LANGUAGE, RESULT_CODES, errors, isLanguage } from '@ipdesk/core';
import {
  deleteRecord,
  fetchDeletePreview,
  fetchHistory,
  fetchRecord,
  type ModelRow,
  type ModelSchema,
} from '../../api/model';
import { DOMAINS, detailActionsOf, detailTabsOf } from '../../domains';
import { DomainsContext } from '../../domains/context';
import { useSession } from '../../session/store';
import { ApprovalPanel } from '../../domains/workflow/approval/ApprovalPanel';
import { renderValue, type CellContext } from '../fields/cells';
import { LoadFailed, LoadingCard, RecordNotFound } from '../ModelPageState';
import { TAB_PARAM, editRecordPath, modelListPath } from '../paths';
import { modelKeys } from '../queries';
import { abilitiesOf, editableFields, fieldMap } from '../schema';
import type { DetailTab } from '../../domains/types';
import { HistoryList } from './HistoryList';
import { ChildRecordsTab, genericChildTabs } from './ChildRecordsTab';
import { LifecycleActions } from '../lifecycle/LifecycleActions';
import { StatusTag } from '../lifecycle/StatusTag';
import { StatusTimeline } from '../lifecycle/StatusTimeline';
import { subCompanyFromLink, withSubCompany } from './sub-company';
import { WatchButton } from '../../notifications/WatchButton';

/** The record information block: who created and changed it, when, in which company, which version. */
const RECORD_INFO = ['sid', 'company_sid', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];

/** A generic child tab's key (and ?tab= value): `children-<child model>`. */
export function childTabKey(model: string): string {
  return `children-${model}`;
}

/** The tab a link names (?tab=approval), when the model's page has it; else the details. */
function linkedTab(tabs: readonly DetailTab[], children: readonly string[], search: string): string {
  const named = new URLSearchParams(search).get(TAB_PARAM);
  const known = ['details', 'status', ...tabs.map((tab) => tab.key), ...children, 'approval', 'history'];
  return named && known.includes(named) ? named : 'details';
}

export function ModelDetail({ schema, sid }: { schema: ModelSchema; sid: string }) {
  const model = schema.name;
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const companies = useSession()?.companys ?? [];
  const subCompanySid = subCompanyFromLink(location.search, companies);
  // The app's domains (a test gives its own list), else the product's.
  const domains = useContext(DomainsContext) ?? DOMAINS;
  const modelTabs = detailTabsOf(domains, model);
  const childTabs = genericChildTabs(
    schema,
    modelTabs.flatMap((domainTab) => (domainTab.childModel ? [domainTab.childModel] : [])),
  );
  const [tab, setTab] = useState(() =>
    linkedTab(
      modelTabs,
      childTabs.map((child) => childTabKey(child.model)),
      location.search,
    ),
  );
  const confirming = useRef(false);
  // Once deleted, the record is never read again: the page may stay mounted for a moment while the list's
  // route loads, and a read then (its query dropped from the cache) would answer 404.
  const [deleted, setDeleted] = useState(false);

  const recordQuery = useQuery({
    queryKey: modelKeys.record(model, sid),
    queryFn: () => fetchRecord(model, sid, { subCompanySid }),
    enabled: !deleted,
  });
  const outcome = recordQuery.data;
  const record = outcome?.result === RESULT_CODES.success ? outcome.data.data : undefined;
  const missing = outcome !== undefined && outcome.result !== RESULT_CODES.success && outcome.error.status === 404;

  const historyQuery = useQuery({
    queryKey: modelKeys.history(model, sid),
    queryFn: () => fetchHistory(model, sid, { subCompanySid }),
    enabled: tab === 'history' && record !== undefined,
  });
  const history = historyQuery.data?.result === RESULT_CODES.success ? historyQuery.data.data.data : undefined;
  const historyTitles = historyQuery.data?.result === RESULT_CODES.success ? historyQuery.data.data.titles : undefined;

  // Spec §2: the record's company into the address, replacing the entry (no reload, no new history step).
  useEffect(() => {
    if (!record) return;
    const search = withSubCompany(location.search, record.company_sid);
    if (search !== undefined)
      void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
  }, [record, location.pathname, location.search, location.hash, navigate]);

  const fields = useMemo(() => fieldMap(schema), [schema]);
  const titles = outcome?.result === RESULT_CODES.success ? outcome.data.titles : undefined;
  const files = outcome?.result === RESULT_CODES.success ? outcome.data.files : undefined;
  const context: CellContext = { t, language, variant: 'detail', titles, files };

  const remove = async (current: ModelRow): Promise<void> => {
    const deleted = await deleteRecord(model, current.sid, current.version, { subCompanySid });
    if (deleted.result !== RESULT_CODES.success) {
      // Changed meanwhile (409000, already announced): show the current record.
      if (deleted.error.body?.code === errors.conflict.code) await recordQuery.refetch();
      return;
    }
    void message.success(t('modelDetail.deleted'));
    setDeleted(true);
    // Leave the page before its record is dropped from the cache: a page still showing it would read it
    // again (a 404 now) on its next render.
    await navigate(modelListPath(model));
    queryClient.removeQueries({ queryKey: modelKeys.record(model, sid) });
    await queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] });
  };

  /** The confirmation names what goes with the record (a case's documents, deadlines, fees…), counted. */
  const confirmDelete = async (current: ModelRow): Promise<void> => {
    // One confirmation at a time, however often the button is pressed while the counts load.
    if (confirming.current) return;
    confirming.current = true;
    const preview = await fetchDeletePreview(model, current.sid, { subCompanySid, silent: true });
    const dependents =
      preview.result === RESULT_CODES.success ? preview.data.data.dependents.filter((d) => d.count > 0) : [];
    modal.confirm({
      title: <span data-testid="detail-delete-confirm">{t('modelDetail.deleteConfirm')}</span>,
      content: dependents.length ? (
        <div data-testid="delete-dependents">
          <p>{t('modelDetail.deleteAlsoRemoves')}</p>
          <ul>
            {dependents.map((d) => (
              <li key={d.key} data-testid={`delete-dependent-${d.key}`}>
                {t('modelDetail.dependentCount', { label: d.label, count: d.count })}
              </li>
            ))}
          </ul>
        </div>
      ) : undefined,
      okText: t('model.ok'),
      cancelText: t('model.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove(current),
      afterClose: () => {
        confirming.current = false;
      },
    });
  };

  /** After a model action: the record, its history and the lists read again. */
  const refresh = async (): Promise<void> => {
    await Promise.all([
      recordQuery.refetch(),
      queryClient.invalidateQueries({ queryKey: modelKeys.history(model, sid) }),
      queryClient.invalidateQueries({ queryKey: [...modelKeys.all(model), 'search'] }),
    ]);
  };

  if (missing) return <RecordNotFound model={model} />;
  if (!record) return outcome ? <LoadFailed onRetry={() => void recordQuery.refetch()} /> : <LoadingCard />;

  const title = record[schema.title_field];
  const can = abilitiesOf(schema);
  const Actions = detailActionsOf(domains, model);
  // The company in the reader's language (a root company named as its tenant has an English name).
  const company = companies.find((entry) => entry.sid === record.company_sid);
  const companyName =
    company && (context.language === 'en' && company.english_name ? company.english_name : company.company_name);
  const info = RECORD_INFO.flatMap((name) => {
    const field = fields.get(name);
    if (!field) return [];
    const value = name === 'company_sid' && companyName ? companyName : renderValue(record[name], field, context);
    return [{ key: name, label: field.label, children: <span data-testid={`detail-${name}`}>{value}</span> }];
  });

  return (
    <Card
      data-testid="model-detail"
      title={
        <Space>
          <Link to={modelListPath(model)}>{schema.label}</Link>
          <span data-testid="detail-title">{typeof title === 'string' ? title : record.sid}</span>
          {schema.lifecycle && <StatusTag schema={schema} value={record[schema.lifecycle.field]} />}
        </Space>
      }
      extra={
        <Space wrap data-testid="detail-actions">
          <WatchButton model={model} sid={sid} />
          <LifecycleActions schema={schema} record={record} subCompanySid={subCompanySid} onChanged={refresh} />
          {Actions && <Actions schema={schema} record={record} subCompanySid={subCompanySid} onChanged={refresh} />}
          {can.update && (
            <Link to={editRecordPath(model, sid, location.search)}>
              <Button type="primary" icon={<EditOutlined />} data-testid="detail-edit">
                {t('modelDetail.edit')}
              </Button>
            </Link>
          )}
          {can.delete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              data-testid="detail-delete"
              onClick={() => void confirmDelete(record)}
            >
              {t('modelDetail.delete')}
            </Button>
          )}
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        // A case has ten tabs (its domain's, a child model's, approval, history): the narrower gutter keeps them in
        // one row at 1280 px in English, where antd's overflow menu button would sit inside the tab list (axe:
        // aria-required-children).
        tabBarGutter={16}
        items={[
          {
            key: 'details',
            label: <span data-testid="tab-details">{t('modelDetail.tabDetails')}</span>,
            children: (
              <Space direction="vertical" size="large" style={{ width: '100%' }}>
                <Descriptions
                  bordered
                  size="middle"
                  column={{ xs: 1, md: 2 }}
                  items={editableFields(schema).map((field) => ({
                    key: field.name,
                    label: field.label,
                    span: field.kind === 'longText' ? ('filled' as const) : 1,
                    children: (
                      <span data-testid={`detail-${field.name}`}>
                        {renderValue(record[field.name], field, context)}
                      </span>
                    ),
                  }))}
                />
                <Descriptions title={t('modelDetail.systemInfo')} size="small" column={{ xs: 1, md: 3 }} items={info} />
              </Space>
            ),
          },
          ...(schema.lifecycle
            ? [
                {
                  key: 'status',
                  label: <span data-testid="tab-status">{t('lifecycle.timeline.tab')}</span>,
                  children: <StatusTimeline schema={schema} sid={record.sid} subCompanySid={subCompanySid} />,
                },
              ]
            : []),
          ...modelTabs.map(({ key, labelKey, Component }) => ({
            key,
            label: <span data-testid={`tab-${key}`}>{t(labelKey)}</span>,
            children: <Component schema={schema} record={record} subCompanySid={subCompanySid} onChanged={refresh} />,
          })),
          ...childTabs.map((child) => ({
            key: childTabKey(child.model),
            label: <span data-testid={`tab-${childTabKey(child.model)}`}>{child.label}</span>,
            children: <ChildRecordsTab child={child} parentSid={record.sid} />,
          })),
          {
            key: 'approval',
            label: <span data-testid="tab-approval">{t('wfRun.tab')}</span>,
            children: <ApprovalPanel model={model} recordSid={record.sid} subCompanySid={subCompanySid} />,
          },
          {
            key: 'history',
            label: <span data-testid="tab-history">{t('modelDetail.tabHistory')}</span>,
            children: history ? (
              <HistoryList
                entries={history}
                fields={fields}
                context={{ ...context, titles: historyTitles }}
                actionLabels={new Map(schema.lifecycle?.actions.map((action) => [action.name, action.label]))}
              />
            ) : (
              <Card loading variant="borderless" />
            ),
          },
        ]}
      />
    </Card>
  );
}
