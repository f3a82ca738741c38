// Shown on mobile devices (spec §2): the app is for desktop browsers, so offer the link to copy.
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../components/clipboard';
import { PublicResult } from '../components/PublicResult';

export function MoveToPcPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copyLink = async (): Promise<void> => {
    // The app's own address (the <base> the server configured), which opens the home page on a PC.
    if (await copyText(document.baseURI)) void message.success(t('page.moveToPc.linkCopied'));
  };
  return (
    <PublicResult
      status="info"
      title={t('page.moveToPc.title')}
      subTitle={t('page.moveToPc.subTitle')}
      extra={
        <Button type="primary" data-testid="copy-link" onClick={() => void copyLink()}>
          {t('page.moveToPc.copyLink')}
        </Button>
      }
    />
  );
}
