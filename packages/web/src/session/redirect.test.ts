import { describe, expect, it } from 'vitest';
import { changePasswordPathFor, loginPathFor, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/patents/list?tab=mine#top', '/patents/list?tab=mine#top'],
    ['/', '/'],
  ])('keeps the app path %s', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'profile',
    '/login',
    '/login?redirect=/x',
    '/ x',
    '',
    null,
    undefined,
  ])('refuses %s', (raw) => {
    expect(safeRedirectPath(raw)).toBeUndefined();
  });
});

describe('paths', () => {
  it('sends to sign-in with the way back', () => {
    expect(loginPathFor('/patents?tab=2')).toBe('/login?redirect=%2Fpatents%3Ftab%3D2');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });

  it('builds the password change path', () => {
    expect(changePasswordPathFor({ forced: true, next: '/profile' })).toBe(
      '/change-password?forced=1&redirect=%2Fprofile',
    );
    expect(changePasswordPathFor({ forced: true, next: '/' })).toBe('/change-password?forced=1');
    expect(changePasswordPathFor({ forced: false })).toBe('/change-password');
    expect(changePasswordPathFor({ forced: true, next: '/change-password?forced=1' })).toBe(
      '/change-password?forced=1',
    );
  });
});
