// The company the user works in (spec §4): the one chosen before, else the one flagged last login,
// else the first. Choosing another asks the server, stores it and reloads the shell's data, since every
// call from then on is made for that company (x-sub-company-sid).
import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseCompany } from '../session/actions';
import { companyDisplayName } from '../session/display-names';
import { defaultCompany } from '../session/storage';
import { useSession } from '../session/store';

export function CompanySwitcher() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const companys = session?.companys ?? [];
  const current = defaultCompany(companys, session?.companyId);
  if (!current) return null;

  const items: MenuProps['items'] = companys.map((company) => ({
    key: company.sid,
    label: (
      <span data-testid={`company-option-${company.sid}`}>
        {i18n.language === 'en' && company.english_name ? company.english_name : company.company_name}
      </span>
    ),
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const chosen = companys.find((company) => company.sid === key);
    if (!chosen || chosen.sid === current.sid) return;
    setBusy(true);
    void chooseCompany(chosen.sid).then(async (ok) => {
      setBusy(false);
      if (!ok) return;
      void message.success(t('company.switched', { name: companyDisplayName(chosen, i18n.language) }));
      await queryClient.resetQueries();
    });
  };

  const button = (
    <Button
      type="text"
      loading={busy}
      icon={<ApartmentOutlined aria-hidden />}
      aria-label={t('a11y.namedControl', {
        value: companyDisplayName(current, i18n.language),
        purpose: t('company.label'),
      })}
      title={t('company.label')}
      data-testid="company-switcher"
      data-company={current.sid}
      // With one company there is nothing to choose: shown, not offered.
      style={companys.length < 2 ? { cursor: 'default' } : undefined}
    >
      {companyDisplayName(current, i18n.language)}
      {companys.length > 1 && <DownOutlined aria-hidden style={{ fontSize: 10 }} />}
    </Button>
  );
  if (companys.length < 2) return button;
  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [current.sid], onClick }} trigger={['click']}>
      {button}
    </Dropdown>
  );
}
