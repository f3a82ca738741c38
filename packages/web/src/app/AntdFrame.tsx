// antd's frame for every page but sign-in: the React 19 patch antd 5 needs, its reset sheet, antd
// configured for the current language and theme, antd's App (message/notification with context), the
// failure notices and the session reactions. A lazy route (app/router.tsx), so the sign-in page loads
// without antd (issue 16) and antd arrives with the first page that needs it.
import '@ant-design/v5-patch-for-react-19';
// antd 5 leaves the page's base styles alone (body margin, box sizing); its reset sheet sets them.
import 'antd/dist/reset.css';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '@ipdesk/core';
import { ANTD_LOCALES } from './antd-locale';
import { FailureNotices } from './FailureNotices';
import { SessionReactions } from './SessionReactions';
import { APP_THEME } from './theme';

export function AntdFrame() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={APP_THEME}>
      <AntdApp>
        <FailureNotices />
        <SessionReactions />
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
}
