// The signed-in user's profile (spec §2 "Profile and account information"): account, names, e-mail,
// mobile and companies; names, e-mail and mobile can be edited (saved with the version read, so a
// change made elsewhere meanwhile is refused with 409000 and its message shown); the avatar can be
// replaced (PNG, JPEG, WebP or GIF up to 2 MB; the server checks the content as well).
import { EditOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Descriptions, Flex, Form, Input, Space, Tag, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MOBILE_PATTERN, RESULT_CODES, errors, isEmail } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../api/failure';
import { postAvatar, postProfileUpdate, type MyUser, type ProfileChange, type UserRecord } from '../api/user-info';
import { FormNotice } from '../components/FormNotice';
import { MY_USER_KEY, useAvatarUrl, useMyUser, useReloadAvatars, useUpdateMyUser } from '../session/my-user';
import { CHANGE_PASSWORD_PATH } from '../session/redirect';
import { lengthCount } from '../components/length-limit';

/** Digits of a mainland mobile number (MOBILE_PATTERN): counted as typed, a longer one is refused, not cut. */
const MOBILE_LENGTH = 11;

export const AVATAR_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

interface ProfileValues {
  name: string;
  english_name: string;
  email: string;
  mobile: string;
}

type EditableField = keyof ProfileValues;
const EDITABLE: readonly EditableField[] = ['name', 'english_name', 'email', 'mobile'];

/**
 * Only what the user changed compared with what the form was opened on; an emptied optional field is
 * cleared (null). The version is the latest one read.
 */
export function profileChange(opened: UserRecord, values: ProfileValues, version: number): ProfileChange {
  const change: ProfileChange = { version };
  for (const field of EDITABLE) {
    const value = (values[field] ?? '').trim();
    if (value === (opened[field] ?? '')) continue;
    if (field === 'name') change.name = value;
    else change[field] = value === '' ? null : value;
  }
  return change;
}

function AvatarBlock({ user }: { user: MyUser }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const avatarUrl = useAvatarUrl(user.avatar_sid);
  const updateMyUser = useUpdateMyUser();
  const reloadAvatars = useReloadAvatars();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<VisibleNotice>();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    setError(undefined);
    if (!AVATAR_TYPES.includes(file.type)) {
      setError({ kind: 'text', key: 'error.fileType', params: { allowed: t('profile.avatarTypes') } });
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError({ kind: 'text', key: 'error.fileTooLarge', params: { max: t('profile.avatarMaxSize') } });
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (!(file instanceof File)) return;
    setBusy(true);
    void postAvatar(file).then(async (outcome) => {
      setBusy(false);
      if (outcome.result !== RESULT_CODES.success) {
        setError(inlineNotice(outcome.error));
        return;
      }
      updateMyUser({ avatar_sid: outcome.data.data.avatar_sid });
      await reloadAvatars();
      void message.success(t('profile.avatarUpdated'));
    });
  };

  return (
    <Flex vertical align="center" gap={12} style={{ minWidth: 200 }}>
      <Avatar size={96} src={avatarUrl} icon={<UserOutlined />} data-testid="profile-avatar" />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        maxCount={1}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="profile-avatar-upload">
          {t('profile.avatarUpload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {t('profile.avatarHint')}
      </Typography.Text>
      <FormNotice notice={error} testId="avatar-error" />
    </Flex>
  );
}

function ProfileForm({ user, onDone }: { user: MyUser; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const updateMyUser = useUpdateMyUser();
  const [opened] = useState(user);
  const [error, setError] = useState<VisibleNotice>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: ProfileValues): Promise<void> => {
    const change = profileChange(opened, values, user.version);
    if (Object.keys(change).length === 1) {
      onDone();
      return;
    }
    setBusy(true);
    setError(undefined);
    const outcome = await postProfileUpdate(change);
    setBusy(false);
    if (outcome.result !== RESULT_CODES.success) {
      setError(inlineNotice(outcome.error));
      // Changed elsewhere meanwhile (409000): read the record again, so what is shown is current and
      // saving again sends this form's own changes with the current version.
      if (outcome.error.body?.code === errors.conflict.code)
        await queryClient.invalidateQueries({ queryKey: MY_USER_KEY });
      return;
    }
    updateMyUser(outcome.data.data);
    void message.success(t('profile.saved'));
    onDone();
  };

  return (
    <Form<ProfileValues>
      layout="vertical"
      disabled={busy}
      style={{ maxWidth: 480 }}
      initialValues={{
        name: user.name,
        english_name: user.english_name ?? '',
        email: user.email ?? '',
        mobile: user.mobile ?? '',
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <FormNotice notice={error} />
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[{ required: true, whitespace: true, message: t('profile.nameRequired') }, { max: 255 }]}
      >
        <Input data-testid="profile-name" />
      </Form.Item>
      <Form.Item name="english_name" label={t('field.englishName')} rules={[{ max: 255 }]}>
        <Input data-testid="profile-english-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('field.email')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && value.trim() !== '' && !isEmail(value.trim())) throw new Error(t('profile.emailInvalid'));
            },
          },
        ]}
      >
        <Input data-testid="profile-email" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('field.mobile')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && value.trim() !== '' && !MOBILE_PATTERN.test(value.trim())) {
                throw new Error(t('profile.mobileInvalid'));
              }
            },
          },
        ]}
      >
        <Input inputMode="numeric" count={lengthCount(MOBILE_LENGTH)} data-testid="profile-mobile" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
          {t('profile.save')}
        </Button>
        <Button onClick={onDone} disabled={busy} data-testid="profile-cancel">
          {t('profile.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { user, isPending } = useMyUser();
  const [editing, setEditing] = useState(false);
  const notSet = <Typography.Text type="secondary">{t('profile.notSet')}</Typography.Text>;

  return (
    <Card
      data-testid="profile-page"
      loading={isPending}
      title={t('profile.title')}
      extra={
        <Space>
          <Link to={CHANGE_PASSWORD_PATH} data-testid="profile-change-password">
            {t('user.changePassword')}
          </Link>
          {user && !editing && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('profile.edit')}
            </Button>
          )}
        </Space>
      }
    >
      {user && (
        <Flex gap={48} wrap>
          <AvatarBlock user={user} />
          <div style={{ flex: 1, minWidth: 320 }}>
            {editing ? (
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            ) : (
              <Descriptions column={1} bordered size="middle">
                <Descriptions.Item label={t('field.account')}>
                  <span data-testid="profile-account">{user.account}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.name')}>
                  <span data-testid="profile-name-value">{user.name}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.englishName')}>
                  <span data-testid="profile-english-name-value">{user.english_name || notSet}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.email')}>
                  <span data-testid="profile-email-value">{user.email || notSet}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.mobile')}>
                  <span data-testid="profile-mobile-value">{user.mobile || notSet}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.companies')}>
                  <span data-testid="profile-companies">
                    {user.companys.map((company) => (
                      <Tag key={company.sid}>{company.company_name}</Tag>
                    ))}
                  </span>
                </Descriptions.Item>
              </Descriptions>
            )}
          </div>
        </Flex>
      )}
    </Card>
  );
}
