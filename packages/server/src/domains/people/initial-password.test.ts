// Generated initial passwords pass every password policy a tenant may choose, and do not repeat.
import { checkPassword, PASSWORD_POLICIES } from '@ipdesk/core';
import { describe, expect, it } from 'vitest';
import { initialPassword } from './initial-password.js';

describe('initial passwords', () => {
  it.each(PASSWORD_POLICIES)('meet the %s policy', (policy) => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = initialPassword(policy);
      expect(checkPassword(password, policy).failed.map((r) => r.key)).toEqual([]);
      expect(password).toMatch(/^[A-Za-z2-9#$%&*+\-=?@]{16}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
