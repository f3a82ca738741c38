// /model/:model/new and /model/:model/:sid/edit — the form of any declared model.
import { Navigate, useParams } from 'react-router';
import { ModelForm } from '../../models/form/ModelForm';
import { LoadFailed, LoadingCard } from '../../models/ModelPageState';
import { useModelSchema } from '../../models/queries';

export function ModelFormPage() {
  const { model = '', sid } = useParams();
  const { schema, notFound, failed, isPending, retry } = useModelSchema(model);
  if (notFound) return <Navigate to="/404" replace />;
  if (schema) return <ModelForm key={`${model}/${sid ?? 'new'}`} schema={schema} sid={sid} />;
  if (failed && !isPending) return <LoadFailed onRetry={retry} />;
  return <LoadingCard />;
}
