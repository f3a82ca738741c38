// The signed-in frame: ProLayout with the menu from useMenus(); in the header the company switcher,
// the language switcher and the user's menu.
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { UserMenu } from '../components/UserMenu';
import { useMenus, type MenuEntry } from './menus';

export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useMenus();
  const route = useMemo(() => {
    const toMenuItem = (entry: MenuEntry): MenuDataItem => ({
      key: entry.code,
      path: entry.path,
      name: t(entry.titleKey),
      icon: entry.icon,
      ...(entry.children && { children: entry.children.map(toMenuItem) }),
    });
    return { path: '/', children: menus.map(toMenuItem) };
  }, [menus, t]);

  return (
    <div data-testid="app-shell" style={{ height: '100vh' }}>
      <ProLayout
        title={t('app.shortName')}
        logo="./favicon.svg"
        layout="mix"
        route={route}
        location={{ pathname }}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        actionsRender={() => [
          <CompanySwitcher key="company" />,
          <LanguageSwitcher key="language" type="text" />,
          <UserMenu key="user" />,
        ]}
      >
        <Outlet />
      </ProLayout>
    </div>
  );
}
