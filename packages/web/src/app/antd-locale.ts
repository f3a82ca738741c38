// antd's own texts (pagination, date pickers, empty states…) in the app's language.
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { Language } from '@ipdesk/core';

export const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = { 'zh-CN': zhCN, en: enUS };
