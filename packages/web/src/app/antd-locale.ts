// antd's own texts (pagination, date pickers, empty states…) in the app's language.
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { Language } from '@ipdesk/core';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/**
 * antd/locale/* are CommonJS modules (`exports.default = …`, `__esModule`). The production bundle's
 * interop hands the default import over as the module object, so the locale sits under `default`;
 * vitest hands over the locale itself. Either way the locale is what ConfigProvider gets.
 */
export function unwrapLocale(imported: AntdLocale): AntdLocale {
  const wrapped = imported as AntdLocale & { default?: AntdLocale };
  return wrapped.default ?? imported;
}

export const ANTD_LOCALES: Record<Language, AntdLocale> = { 'zh-CN': unwrapLocale(zhCN), en: unwrapLocale(enUS) };
