// /model/:model — the list of any declared model, built from its schema. An unknown model goes to /404.
import { Navigate, useParams } from 'react-router';
import { ModelList, useHeaderColumns } from '../../models/list/ModelList';
import { useSavedViews } from '../../models/list/SavedViews';
import { LoadFailed, LoadingCard } from '../../models/ModelPageState';
import { useModelSchema } from '../../models/queries';

export function ModelListPage() {
  const { model = '' } = useParams();
  const { schema, notFound, failed, isPending, retry } = useModelSchema(model);
  // Asked for with the schema, not once it is in: the first search waits for the schema and the saved
  // columns, and the three answers arrive together instead of one after another.
  useHeaderColumns(model);
  useSavedViews(model);
  if (notFound) return <Navigate to="/404" replace />;
  if (schema) return <ModelList key={model} schema={schema} />;
  if (failed && !isPending) return <LoadFailed onRetry={retry} />;
  return <LoadingCard />;
}
