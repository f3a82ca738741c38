// Root component: i18next, react-query and the router. Nothing from antd: the sign-in page renders
// from this alone; every other page is inside the lazily loaded antd frame (app/AntdFrame.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
// RouterProvider from 'react-router' rather than 'react-router/dom': the latter only adds flushSync
// support, and under vitest it loads a second copy of the router whose contexts <Outlet> cannot see.
import { RouterProvider } from 'react-router';
import { DomainsContext } from '../domains/context';
import type { WebDomain } from '../domains/types';
import { i18n } from '../i18n/i18n';
import type { AppRouter } from './router';

export function createQueryClient(): QueryClient {
  // request() resolves failures to results (and notifies), so retries and refetch-on-focus would only
  // repeat notices.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * `queryClient`: the one the entry already started filling (main.tsx), else a new one; `domains`: the domains
 * the pages loop over (a test adds its own), the product's when absent.
 */
export function App({
  router,
  queryClient: given,
  domains,
}: {
  router: AppRouter;
  queryClient?: QueryClient;
  domains?: readonly WebDomain[];
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DomainsContext.Provider value={domains}>
          <RouterProvider router={router} />
        </DomainsContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
