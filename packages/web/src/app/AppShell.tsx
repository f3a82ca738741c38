// The signed-in frame, our own antd Layout: a header (logo and name, linking home; the notification bell,
// the to-do badge, the company switcher, the language switcher and the user's menu), the sider with the
// user's own menu (app/ShellSider.tsx) and the page, which scrolls on its own. Plain antd components
// under the app's one theme (app/AntdFrame.tsx), with no theme of their own, so antd generates each
// component's styles once for the whole page (ProLayout, used before, nested two more themes).
// It also keeps the x-menu-resource-code of the page in the request context (spec §7) and sends a
// model or administration page whose resource the user does not hold to /403.
import { Flex, Layout, Spin, theme } from 'antd';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { updateRequestContext } from '../api/session-context';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { UserMenu } from '../components/UserMenu';
import { TodoBadge } from '../domains/workflow/my/TodoBadge';
import { NotificationBell } from '../notifications/NotificationBell';
import { guardDecision, menuForLocation } from './menu-tree';
import { useMyMenus } from './menus';
import { ShellSider } from './ShellSider';

const HEADER_HEIGHT = 56;

export function AppShell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const state = useMyMenus();
  const menus = useMemo(() => (state.status === 'ready' ? state.menus.menus : []), [state]);

  // The page's menu (the longest menu path over the location): its entry is selected, and its resource
  // code goes with the page's calls — set before the page's own effects run (layout effects come first),
  // so its first calls carry it.
  const current = menuForLocation(menus, pathname);
  const menuCode = current?.resource_code ?? undefined;
  useLayoutEffect(() => updateRequestContext({ menuResourceCode: menuCode }), [menuCode]);
  useEffect(() => () => updateRequestContext({ menuResourceCode: undefined }), []);

  const decision = guardDecision(pathname, state);
  const border = `1px solid ${token.colorSplit}`;

  return (
    <Layout data-testid="app-shell" style={{ height: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 16,
          height: HEADER_HEIGHT,
          lineHeight: token.lineHeight,
          paddingInline: 16,
          background: token.colorBgContainer,
          borderBottom: border,
        }}
      >
        <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorTextHeading }}>
          <img src="./favicon.svg" alt="" height={22} />
          <span style={{ fontSize: token.fontSizeLG, fontWeight: 600 }}>{t('app.shortName')}</span>
        </Link>
        <Flex align="center" gap={4}>
          <NotificationBell />
          <TodoBadge />
          <CompanySwitcher />
          <LanguageSwitcher type="text" />
          <UserMenu />
        </Flex>
      </Layout.Header>
      <Layout hasSider>
        <ShellSider state={state} menus={menus} currentKey={current?.sid} />
        {/* min-width 0: a wide table scrolls inside the page instead of widening it. */}
        <Layout.Content style={{ minWidth: 0, padding: 24, overflow: 'auto' }}>
          {decision === 'forbid' && <Navigate to="/403" replace />}
          {decision === 'wait' && (
            <Flex justify="center" style={{ padding: 48 }} data-testid="menu-guard-wait">
              <Spin tip={t('app.loading')}>
                <div style={{ width: 160, height: 80 }} />
              </Spin>
            </Flex>
          )}
          {decision === 'allow' && <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
