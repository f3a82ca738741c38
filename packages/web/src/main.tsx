// Entry: the React 19 patch antd 5 needs, the stored session, the language pack, then the first render.
import '@ant-design/v5-patch-for-react-19';
// antd 5 leaves the page's base styles alone (body margin, box sizing); its reset sheet sets them.
import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { startI18n } from './i18n/i18n';
import { installTokenRefresh } from './session/refresh';
import { followOtherTabs, loadSession } from './session/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

loadSession();
followOtherTabs();
installTokenRefresh();

void startI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
});
