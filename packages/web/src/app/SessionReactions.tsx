// Connects the session layer to the UI: the unauthorized reactions (spec §8) show their tip with antd
// and navigate with the app's router. Mounted once inside antd's App (app/AntdFrame.tsx); the sign-in
// page, outside it, makes no signed-in calls.
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { noticeText } from '../components/notice-text';
import { endSession } from '../session/store';
import { installUnauthorizedReactions } from '../session/unauthorized-reactions';

export function SessionReactions() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // Read when a reaction runs, not when it was installed.
  const currentPath = useRef('');
  currentPath.current = `${pathname}${search}${hash}`;
  useEffect(
    () =>
      installUnauthorizedReactions({
        showTip: (tip) => void message.warning({ content: noticeText(t, tip), key: 'session-tip' }),
        endSession,
        currentPath: () => currentPath.current,
        navigate: (to, options) => void navigate(to, options),
      }),
    [message, t, navigate],
  );
  return null;
}
