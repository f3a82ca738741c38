import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/index.js';
import { AppError } from './app-error.js';
import { errorByCode, errors, VALIDATION_CODES } from './catalogue.js';

describe('error catalogue', () => {
  it('has unique codes', () => {
    const codes = Object.values(errors).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has a message in both languages for every code', () => {
    for (const definition of Object.values(errors)) {
      expect(messages['zh-CN'][definition.messageKey]).toBeTruthy();
      expect(messages.en[definition.messageKey]).toBeTruthy();
    }
  });

  it('uses real HTTP error statuses', () => {
    for (const definition of Object.values(errors)) {
      expect(definition.status).toBeGreaterThanOrEqual(400);
      expect(definition.status).toBeLessThan(600);
    }
  });

  it('keeps the codes of the spec with their meaning', () => {
    expect(errors.tokenExpired.code).toBe(30405);
    expect(errors.tokenIllegal.code).toBe(30404);
    expect(errors.incorrectParameters.code).toBe(10001);
    expect(errors.accountDisabled.code).toBe(30102);
    expect(errors.emailLoginOnly.code).toBe(30145);
    expect(errors.accountLocked.code).toBe(30116);
    expect(
      [errors.ssoOnlyDingtalk, errors.ssoOnlyWechat, errors.ssoOnlyFeishu, errors.ssoOnlyThirdParty].map((e) => e.code),
    ).toEqual([30173, 30174, 30175, 30176]);
    expect(errors.ssoOnlyAny.code).toBe(30142);
    expect(errors.loggedOut.code).toBe(30409);
    expect(errors.cloudUnauthorized.code).toBe(502013);
    expect(errors.accountCheckFailed.code).toBe(502014);
    expect(VALIDATION_CODES).toEqual([500001, 500005]);
  });

  it('finds definitions by code', () => {
    expect(errorByCode(30116)).toBe(errors.accountLocked);
    expect(errorByCode(123)).toBeUndefined();
  });

  it('AppError carries the definition, params and fields', () => {
    const error = new AppError('validation', { fields: [{ field: 'name', label: '名称', message: '必填' }] });
    expect(error.code).toBe(500001);
    expect(error.status).toBe(400);
    expect(error.fields?.[0]?.field).toBe('name');
  });
});
