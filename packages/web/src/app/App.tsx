// Root component: antd configured for the current language, antd's App (for message/notification
// with context), the failure notices, react-query and the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
// RouterProvider from 'react-router' rather than 'react-router/dom': the latter only adds flushSync
// support, and under vitest it loads a second copy of the router whose contexts <Outlet> cannot see.
import { RouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '@ipdesk/core';
import { i18n } from '../i18n/i18n';
import { ANTD_LOCALES } from './antd-locale';
import { FailureNotices } from './FailureNotices';
import type { AppRouter } from './router';
import { SessionReactions } from './SessionReactions';
import { APP_THEME } from './theme';

function createQueryClient(): QueryClient {
  // request() resolves failures to results (and notifies), so retries and refetch-on-focus would only
  // repeat notices.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

function LocalizedApp({ router }: { router: AppRouter }) {
  const { i18n: instance } = useTranslation();
  const language = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={APP_THEME}>
      <AntdApp>
        <FailureNotices />
        <SessionReactions router={router} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedApp router={router} />
    </I18nextProvider>
  );
}
