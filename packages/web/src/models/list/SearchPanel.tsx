// The list's search area: the three modes of spec §2 (basic, advance, batch) as tabs. Each mode builds a
// query tree; the list combines it with the quick time range and the table's sort.
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IqlQuery } from '@ipdesk/core';
import type { ModelSchema } from '../../api/model';
import { batchSearchFields, defaultBatchField, queryableFields, searchFilterFields } from '../schema';
import { BASIC_SEARCH_PARTS, BasicSearchForm } from '../search/BasicSearchForm';
import { lazyPart } from '../../components/lazy-part';

// The basic form shows first; the other two modes load when chosen (or on idle, see ModelList).
const AdvancedSearchBox = lazyPart(async () => (await import('../search/AdvancedSearchBox')).AdvancedSearchBox);
const BatchSearchForm = lazyPart(async () => (await import('../search/BatchSearchForm')).BatchSearchForm);
/** What the panel loads on first use, for the list to load ahead. */
export const SEARCH_PANEL_PARTS = [AdvancedSearchBox, BatchSearchForm, ...BASIC_SEARCH_PARTS];

export const SEARCH_MODES = ['basic', 'advance', 'batch'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchPanelProps {
  schema: ModelSchema;
  mode: SearchMode;
  onModeChange: (mode: SearchMode) => void;
  advancedText: string;
  onAdvancedTextChange: (text: string) => void;
  advancedServerError?: string;
  onSearch: (query: IqlQuery, mode: SearchMode) => void;
}

export function SearchPanel(props: SearchPanelProps) {
  const { schema, mode, onModeChange, onSearch } = props;
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={mode}
      onChange={(key) => onModeChange(key as SearchMode)}
      items={[
        {
          key: 'basic',
          label: <span data-testid="search-mode-basic">{t('modelSearch.mode.basic')}</span>,
          children: (
            <BasicSearchForm
              model={schema.name}
              fields={searchFilterFields(schema)}
              onSearch={(query) => onSearch(query, 'basic')}
            />
          ),
        },
        {
          key: 'advance',
          label: <span data-testid="search-mode-advance">{t('modelSearch.mode.advance')}</span>,
          children: (
            <AdvancedSearchBox
              fields={queryableFields(schema)}
              titleField={schema.title_field}
              parentField={schema.parent?.field}
              text={props.advancedText}
              onTextChange={props.onAdvancedTextChange}
              serverError={props.advancedServerError}
              onSearch={(query) => onSearch(query, 'advance')}
            />
          ),
        },
        {
          key: 'batch',
          label: <span data-testid="search-mode-batch">{t('modelSearch.mode.batch')}</span>,
          children: (
            <BatchSearchForm
              fields={batchSearchFields(schema)}
              defaultField={defaultBatchField(schema)}
              onSearch={(query) => onSearch(query, 'batch')}
            />
          ),
        },
      ]}
    />
  );
}
