// /model/:model — the list of any declared model, built from its schema. An unknown model goes to /404.
import { Navigate, useParams } from 'react-router';
import { ModelList } from '../../models/list/ModelList';
import { LoadFailed, LoadingCard } from '../../models/ModelPageState';
import { useModelSchema } from '../../models/queries';

export function ModelListPage() {
  const { model = '' } = useParams();
  const { schema, notFound, failed, isPending, retry } = useModelSchema(model);
  if (notFound) return <Navigate to="/404" replace />;
  if (schema) return <ModelList key={model} schema={schema} />;
  if (failed && !isPending) return <LoadFailed onRetry={retry} />;
  return <LoadingCard />;
}
