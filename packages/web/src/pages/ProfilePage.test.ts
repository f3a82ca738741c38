import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../api/user-info';
import { profileChange } from './ProfilePage';

const opened: UserRecord = {
  sid: 'User000000000001',
  account: 'zhang',
  email: 'zhang@example.com',
  mobile: null,
  name: '张三',
  english_name: 'Zhang San',
  user_type_client: 1,
  status: 1,
  is_tenant_admin: false,
  avatar_sid: null,
  is_bind_back_office: false,
  must_change_password: false,
  version: 3,
};
const unchanged = { name: '张三', english_name: 'Zhang San', email: 'zhang@example.com', mobile: '' };

describe('profileChange', () => {
  it('sends only the changed fields with the latest version', () => {
    expect(profileChange(opened, unchanged, 3)).toEqual({ version: 3 });
    expect(profileChange(opened, { ...unchanged, mobile: ' 13800138000 ', name: '张三丰' }, 5)).toEqual({
      version: 5,
      mobile: '13800138000',
      name: '张三丰',
    });
  });

  it('clears an emptied optional field with null', () => {
    expect(profileChange(opened, { ...unchanged, english_name: '  ', email: '' }, 3)).toEqual({
      version: 3,
      english_name: null,
      email: null,
    });
  });
});
