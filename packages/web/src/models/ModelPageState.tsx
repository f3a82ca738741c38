// What a model page shows while its schema or record cannot be shown: loading, a failed load with a retry
// button (the failure itself was already announced by the request layer), or a record that is gone. The
// last two load on use (ModelPageResults.tsx): most visits never draw them.
import { Card } from 'antd';
import { lazyPart } from '../components/lazy-part';

export function LoadingCard() {
  return <Card loading data-testid="model-loading" />;
}

export const LoadFailed = lazyPart(async () => (await import('./ModelPageResults')).LoadFailed);
export const RecordNotFound = lazyPart(async () => (await import('./ModelPageResults')).RecordNotFound);
