// /model/:model — the list of any declared model, built from its schema (a category tree: its tree). An unknown
// model goes to /404.
import { lazy, Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { isCategoryModel } from '@ipdesk/core';
import { ModelList, useHeaderColumns } from '../../models/list/ModelList';
import { useSavedViews } from '../../models/list/SavedViews';
import { LoadFailed, LoadingCard } from '../../models/ModelPageState';
import { useModelSchema } from '../../models/queries';

// A category tree's page is its tree (domains/taxonomy); its generic list stays at ?view=list.
const CategoryTreePage = lazy(async () => ({
  default: (await import('../../domains/taxonomy/CategoryTreePage')).CategoryTreePage,
}));

export function ModelListPage() {
  const { model = '' } = useParams();
  const [params] = useSearchParams();
  const { schema, notFound, failed, isPending, retry } = useModelSchema(model);
  // Asked for with the schema, not once it is in: the first search waits for the schema and the saved
  // columns, and the three answers arrive together instead of one after another.
  useHeaderColumns(model);
  useSavedViews(model);
  if (notFound) return <Navigate to="/404" replace />;
  if (schema && isCategoryModel(model) && params.get('view') !== 'list')
    return (
      <Suspense fallback={<LoadingCard />}>
        <CategoryTreePage key={model} schema={schema} />
      </Suspense>
    );
  if (schema) return <ModelList key={model} schema={schema} />;
  if (failed && !isPending) return <LoadFailed onRetry={retry} />;
  return <LoadingCard />;
}
