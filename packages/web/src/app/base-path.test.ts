import { describe, expect, it } from 'vitest';
import { routerBasename } from './base-path';

describe('routerBasename', () => {
  it.each([
    ['http://example.test/ip/', '/ip/'],
    ['http://example.test/apps/ipdesk/', '/apps/ipdesk/'],
    ['http://example.test/', '/'],
  ])('%s → %s', (baseUri, expected) => {
    expect(routerBasename(baseUri)).toBe(expected);
  });
});
