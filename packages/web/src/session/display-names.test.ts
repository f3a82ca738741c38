import { describe, expect, it } from 'vitest';
import { companyDisplayName, userDisplayName } from './display-names';

const root = {
  sid: 'A',
  path: '/A/',
  company_name: '演示研究院',
  english_name: 'Demo Research Institute',
  simple_name: null,
  last_login_flag: true,
};

describe('names in the viewer’s language', () => {
  it('shows a company’s English name to English viewers only, else its short or full name', () => {
    expect(companyDisplayName(root, 'en')).toBe('Demo Research Institute');
    expect(companyDisplayName(root, 'zh-CN')).toBe('演示研究院');
    expect(companyDisplayName({ ...root, english_name: null, simple_name: '演示' }, 'en')).toBe('演示');
    expect(companyDisplayName({ ...root, simple_name: '演示' }, 'zh-CN')).toBe('演示');
  });

  it('shows a user’s English name to English viewers when there is one', () => {
    const admin = { name: '系统管理员', english_name: 'Administrator' };
    expect(userDisplayName(admin, 'en')).toBe('Administrator');
    expect(userDisplayName(admin, 'zh-CN')).toBe('系统管理员');
    expect(userDisplayName({ name: '张三', english_name: null }, 'en')).toBe('张三');
    expect(userDisplayName(undefined, 'en')).toBeUndefined();
  });
});
