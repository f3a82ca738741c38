// The user's menu in the shell header: avatar and name, profile, password change, sign out.
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetLanguageAfterSignOut } from '../i18n/i18n';
import { signOut } from '../session/actions';
import { userDisplayName } from '../session/display-names';
import { useAvatarUrl, useMyUser } from '../session/my-user';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH } from '../session/redirect';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useMyUser();
  const avatarUrl = useAvatarUrl(user?.avatar_sid);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="menu-profile">{t('user.profile')}</span> },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="menu-change-password">{t('user.changePassword')}</span>,
    },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined />, label: <span data-testid="menu-sign-out">{t('user.signOut')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/profile');
    else if (key === 'password') void navigate(CHANGE_PASSWORD_PATH);
    else if (key === 'signOut') {
      void signOut().then(async () => {
        await navigate(LOGIN_PATH, { replace: true });
        // Nothing of this user may be shown to the next one.
        queryClient.clear();
        await resetLanguageAfterSignOut();
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button
        type="text"
        aria-label={t('a11y.namedControl', {
          value: userDisplayName(user, i18n.language) ?? '',
          purpose: t('user.menu'),
        })}
        data-testid="user-menu"
        style={{ paddingInline: 8 }}
      >
        <Avatar
          size="small"
          src={avatarUrl}
          icon={<UserOutlined aria-hidden />}
          aria-hidden
          data-testid="header-avatar"
        />
        <span data-testid="header-user-name">{userDisplayName(user, i18n.language)}</span>
      </Button>
    </Dropdown>
  );
}
