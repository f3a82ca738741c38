// Connects the session layer to the UI: the unauthorized reactions (spec §8) show their tip with antd
// and navigate with the app's router. Mounted once inside antd's App.
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from '../components/notice-text';
import { endSession } from '../session/store';
import { installUnauthorizedReactions } from '../session/unauthorized-reactions';
import type { AppRouter } from './router';

export function SessionReactions({ router }: { router: AppRouter }) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      installUnauthorizedReactions({
        showTip: (tip) => void message.warning({ content: noticeText(t, tip), key: 'session-tip' }),
        endSession,
        currentPath: () => {
          const { pathname, search, hash } = router.state.location;
          return `${pathname}${search}${hash}`;
        },
        navigate: (to, options) => void router.navigate(to, options),
      }),
    [message, t, router],
  );
  return null;
}
