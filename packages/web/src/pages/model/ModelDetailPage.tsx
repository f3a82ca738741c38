// /model/:model/:sid — one record of any declared model.
import { Navigate, useParams } from 'react-router';
import { ModelDetail } from '../../models/detail/ModelDetail';
import { LoadFailed, LoadingCard } from '../../models/ModelPageState';
import { useModelSchema } from '../../models/queries';

export function ModelDetailPage() {
  const { model = '', sid = '' } = useParams();
  const { schema, notFound, failed, isPending, retry } = useModelSchema(model);
  if (notFound) return <Navigate to="/404" replace />;
  if (schema) return <ModelDetail key={`${model}/${sid}`} schema={schema} sid={sid} />;
  if (failed && !isPending) return <LoadFailed onRetry={retry} />;
  return <LoadingCard />;
}
