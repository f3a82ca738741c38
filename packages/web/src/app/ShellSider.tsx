// The shell's left side: the user's menu (app/menus.tsx) in antd's light Sider, with — above it — the
// load failure and its retry, the search box and "no match", and under it the collapse button. The
// entry of the page is selected and its group opened; while searching every group shown is open.
import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Layout, Menu, Skeleton, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@ipdesk/core';
import type { MyMenuNode } from '../api/menus';
import { noticeText } from '../components/notice-text';
import { loadMyMenus, type MyMenusState } from '../session/my-menus';
import { filterMenus, groupKeys } from './menu-tree';
import { groupsAbove, toShellMenu } from './menus';
import './ShellSider.css';

const SIDER_WIDTH = 256;
const NO_GROUPS: readonly string[] = [];

export interface ShellSiderProps {
  state: MyMenusState;
  menus: readonly MyMenuNode[];
  /** The sid of the page's menu (menuForLocation), if it has one. */
  currentKey: string | undefined;
}

export function ShellSider({ state, menus, currentKey }: ShellSiderProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState(false);

  // The box is hidden while the menu is collapsed, and so is its filter.
  const searching = !collapsed && keyword.trim() !== '';
  const shown = useMemo(
    () => (searching ? filterMenus(menus, keyword, language) : menus),
    [menus, keyword, language, searching],
  );
  const newWindowTitle = t('navMenu.newWindow');
  const items = useMemo(
    () => toShellMenu(shown, { language, newWindowTitle, collapsed }),
    [shown, language, newWindowTitle, collapsed],
  );

  const currentGroups = useMemo(
    () => (currentKey ? (groupsAbove(menus, currentKey) ?? NO_GROUPS) : NO_GROUPS),
    [menus, currentKey],
  );
  // The groups the user has open. Those above the page's entry open whenever it changes (the menus
  // arrive, the user goes elsewhere); the others stay as the user left them. Adjusted while rendering,
  // not in an effect, so the first paint already shows the entry.
  const [open, setOpen] = useState({ above: currentGroups, keys: [...currentGroups] });
  if (open.above !== currentGroups) {
    setOpen({ above: currentGroups, keys: [...new Set([...open.keys, ...currentGroups])] });
  }
  // While searching every group of what is shown is open; folded, antd opens each group as a popup.
  const openProps = collapsed
    ? {}
    : searching
      ? { openKeys: groupKeys(shown) }
      : { openKeys: open.keys, onOpenChange: (keys: string[]) => setOpen({ above: currentGroups, keys }) };
  const toggleLabel = t(collapsed ? 'navMenu.expand' : 'navMenu.collapse');
  const border = `1px solid ${token.colorSplit}`;

  return (
    <Layout.Sider
      theme="light"
      width={SIDER_WIDTH}
      collapsed={collapsed}
      trigger={null}
      style={{ borderInlineEnd: border }}
    >
      <Flex vertical style={{ height: '100%' }}>
        <nav
          className="shell-nav"
          aria-label={t('navMenu.label')}
          style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}
        >
          {!collapsed && (
            <Flex vertical gap={8} style={{ padding: '12px 12px 4px' }}>
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
          )}
          {state.status === 'loading' ? (
            <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ padding: 16 }} />
          ) : (
            <Menu
              mode="inline"
              theme="light"
              items={items}
              selectedKeys={currentKey ? [currentKey] : []}
              {...openProps}
              // The sider draws the border.
              style={{ borderInlineEnd: 'none' }}
            />
          )}
        </nav>
        <div style={{ padding: 8, borderTop: border }}>
          <Button
            type="text"
            block
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            aria-label={toggleLabel}
            title={toggleLabel}
            data-testid="shell-collapse"
          />
        </div>
      </Flex>
    </Layout.Sider>
  );
}
