import { describe, expect, it } from 'vitest';
import { resolveEnvironment } from './environment.js';

describe('deployment environment', () => {
  it.each([
    [undefined, 'ci'],
    ['', 'ci'],
    ['dev', 'ci'],
    ['ci', 'ci'],
    ['qa', 'qa'],
    ['sit', 'sit'],
    ['hotfix', 'sit'],
    ['prod', 'prod'],
    ['PROD', 'prod'],
    ['staging', undefined],
  ])('%j → %j', (name, expected) => {
    expect(resolveEnvironment(name)).toBe(expected);
  });
});
