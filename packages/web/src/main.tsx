// Entry: the base styles, the stored session, the language pack, then the first render. Nothing from
// antd is imported here (issue 16): the sign-in page is drawn from this chunk alone, and antd with the
// app shell loads as lazy routes (app/router.tsx).
import './app/base.css';
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
