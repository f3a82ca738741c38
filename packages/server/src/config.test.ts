import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, normaliseBasePath } from './config.js';

describe('configuration', () => {
  it('has sensible defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      basePath: '/ip/',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      environment: 'ci',
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      BASE_PATH: 'patents',
      DATA_DIR: '/var/lib/ipdesk',
      DATABASE_URL: 'postgres://ipdesk@db:5432/ipdesk',
      APP_ENV: 'prod',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      basePath: '/patents/',
      dataDir: '/var/lib/ipdesk',
      databaseUrl: 'postgres://ipdesk@db:5432/ipdesk',
      environment: 'prod',
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['hotfix', 'sit'],
    ['development', 'ci'],
    ['QA', 'qa'],
    ['production', 'prod'],
  ])('maps APP_ENV %s to %s', (name, environment) => {
    expect(loadConfig({ APP_ENV: name }).environment).toBe(environment);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ BASE_PATH: '/a b/' }, 'BASE_PATH'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it.each([
    ['/ip/', '/ip/'],
    ['ip', '/ip/'],
    ['/ip', '/ip/'],
    ['//a/b//', '/a/b/'],
    ['/', '/'],
    ['', '/'],
  ])('normalises base path %j to %j', (raw, expected) => {
    expect(normaliseBasePath(raw)).toBe(expected);
  });
});
