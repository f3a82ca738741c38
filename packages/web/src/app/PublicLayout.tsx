// Frame of the public pages: the page centred, a small language switcher top right.
import { theme } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher';

export function PublicLayout() {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        position: 'relative',
      }}
    >
      <div style={{ position: 'absolute', top: token.padding, right: token.paddingLG }}>
        <LanguageSwitcher size="small" />
      </div>
      <main style={{ width: '100%', maxWidth: 760, padding: token.paddingLG }}>
        <Outlet />
      </main>
    </div>
  );
}
