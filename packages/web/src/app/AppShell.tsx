// The signed-in frame: ProLayout with the user's own menu (app/menus.tsx) — a search box over it and
// the collapse button — and in the header the notification bell, the to-do badge, the company switcher, the language switcher and
// the user's menu. It also keeps the x-menu-resource-code of the page in the request context (spec §7) and sends a
// model or administration page whose resource the user does not hold to /403.
import { SearchOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { Alert, Button, Flex, Input, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '@ipdesk/core';
import { updateRequestContext } from '../api/session-context';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { noticeText } from '../components/notice-text';
import { UserMenu } from '../components/UserMenu';
import { loadMyMenus } from '../session/my-menus';
import { TodoBadge } from '../domains/workflow/my/TodoBadge';
import { NotificationBell } from '../notifications/NotificationBell';
import { filterMenus, groupKeys, guardDecision, menuResourceCodeFor } from './menu-tree';
import { toShellMenu, useMyMenus } from './menus';

export function AppShell() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { pathname } = useLocation();
  const state = useMyMenus();
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState(false);

  const menus = useMemo(() => (state.status === 'ready' ? state.menus.menus : []), [state]);
  // The box is hidden while the menu is collapsed, and so is its filter.
  const searching = !collapsed && keyword.trim() !== '';
  const shown = useMemo(
    () => (searching ? filterMenus(menus, keyword, language) : menus),
    [menus, keyword, language, searching],
  );
  const { route, links } = useMemo(() => toShellMenu(shown, language), [shown, language]);
  const openKeys = useMemo(() => (searching ? groupKeys(shown) : undefined), [searching, shown]);
  const menuSettings = useMemo(() => ({ loading: state.status === 'loading', locale: false }), [state.status]);

  // Before the page's own effects run (layout effects come first), so its first calls carry the code.
  const menuCode = menuResourceCodeFor(menus, pathname);
  useLayoutEffect(() => updateRequestContext({ menuResourceCode: menuCode }), [menuCode]);
  useEffect(() => () => updateRequestContext({ menuResourceCode: undefined }), []);

  const decision = guardDecision(pathname, state);

  const menuExtra = (): ReactNode => {
    if (collapsed) return null;
    return (
      <Flex vertical gap={8} style={{ paddingInline: 4 }}>
        {state.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            data-testid="menu-load-failed"
            message={t('navMenu.loadFailed')}
            description={noticeText(t, state.notice)}
            action={
              <Button size="small" onClick={() => void loadMyMenus()} data-testid="menu-retry">
                {t('navMenu.retry')}
              </Button>
            }
          />
        )}
        {state.status === 'ready' && (
          <Input
            allowClear
            prefix={<SearchOutlined />}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder={t('navMenu.search')}
            aria-label={t('navMenu.search')}
            data-testid="menu-search"
          />
        )}
        {searching && shown.length === 0 && (
          <Typography.Text type="secondary" data-testid="menu-no-match">
            {t('navMenu.noMatch')}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  return (
    <div data-testid="app-shell" style={{ height: '100vh' }}>
      <ProLayout
        title={t('app.shortName')}
        logo="./favicon.svg"
        layout="mix"
        route={route}
        location={{ pathname }}
        menu={menuSettings}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        {...(openKeys ? { openKeys } : {})}
        menuExtraRender={menuExtra}
        menuItemRender={(item, dom) => {
          const link = item.key ? links.get(item.key) : undefined;
          if (!link) return dom;
          const target = link.blank ? '_blank' : undefined;
          const rel = link.blank || link.external ? 'noopener noreferrer' : undefined;
          if (link.external) {
            return (
              <a href={link.href} target={target} rel={rel} title={link.blank ? t('navMenu.newWindow') : undefined}>
                {dom}
              </a>
            );
          }
          return (
            <Link to={link.href} target={target} rel={rel} title={link.blank ? t('navMenu.newWindow') : undefined}>
              {dom}
            </Link>
          );
        }}
        actionsRender={() => [
          <NotificationBell key="notifications" />,
          <TodoBadge key="todos" />,
          <CompanySwitcher key="company" />,
          <LanguageSwitcher key="language" type="text" />,
          <UserMenu key="user" />,
        ]}
      >
        {decision === 'forbid' && <Navigate to="/403" replace />}
        {decision === 'wait' && (
          <Flex justify="center" style={{ padding: 48 }} data-testid="menu-guard-wait">
            <Spin tip={t('app.loading')}>
              <div style={{ width: 160, height: 80 }} />
            </Spin>
          </Flex>
        )}
        {decision === 'allow' && <Outlet />}
      </ProLayout>
    </div>
  );
}
