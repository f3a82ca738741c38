// Language menu: zh-CN, en, or follow the browser (spec §1). Shown on every page.
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, type ButtonProps, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@ipdesk/core';
import { switchLanguage } from '../i18n/i18n';
import { LANGUAGE_PREFERENCES, isLanguagePreference } from '../i18n/preference';
import { useLanguagePreference } from '../i18n/preference-store';

export interface LanguageSwitcherProps {
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
}

export function LanguageSwitcher({ size = 'middle', type = 'default' }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const preference = useLanguagePreference();
  const language = isLanguage(i18n.language) ? i18n.language : undefined;
  const items: MenuProps['items'] = LANGUAGE_PREFERENCES.map((option) => ({
    key: option,
    label: <span data-testid={`language-option-${option}`}>{t(`language.${option}`)}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isLanguagePreference(key)) void switchLanguage(key);
  };

  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [preference], onClick }} trigger={['click']}>
      <Button
        size={size}
        type={type}
        icon={<GlobalOutlined aria-hidden />}
        // The name starts with what the button shows (WCAG 2.5.3), then says what it is for.
        aria-label={t('a11y.namedControl', {
          value: language ? t(`language.${language}`) : t('language.label'),
          purpose: t('language.label'),
        })}
        data-testid="language-switcher"
        data-language={language}
      >
        {language ? t(`language.${language}`) : t('language.label')}
      </Button>
    </Dropdown>
  );
}
