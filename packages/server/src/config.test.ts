import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, normaliseBasePath } from './config.js';

const productionSecrets = {
  JWT_SECRET: 'j'.repeat(40),
  MASTER_KEY: 'm'.repeat(40),
  PUBLIC_URL: 'https://ip.example.com/',
};

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
      ...productionSecrets,
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

  it('serves the API docs by default except in prod, where the operator opts in (API_DOCS)', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ APP_ENV: 'sit' }).apiDocs).toBe(true);
    expect(loadConfig({ APP_ENV: 'prod', ...productionSecrets }).apiDocs).toBe(false);
    expect(loadConfig({ APP_ENV: 'prod', API_DOCS: 'on', ...productionSecrets }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(ConfigError);
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
    expect(loadConfig({ APP_ENV: name, ...productionSecrets }).environment).toBe(environment);
  });

  it('refuses to run production on generated secrets or debug logging', () => {
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(/JWT_SECRET[\s\S]*MASTER_KEY[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ APP_ENV: 'prod', ...productionSecrets, LOG_LEVEL: 'debug' })).toThrow(/LOG_LEVEL/);
    expect(loadConfig({ APP_ENV: 'prod', ...productionSecrets }).publicUrl).toBe('https://ip.example.com');
  });

  it('has account defaults within the security checklist', () => {
    const config = loadConfig({});
    expect(config.accessTokenMinutes).toBeLessThanOrEqual(15);
    expect(config.sessionIdleMinutes).toBe(30);
    expect(config.sessionMaxHours).toBe(12);
    expect(config.resetLinkMinutes).toBeLessThanOrEqual(30);
    expect(config.rsaKeyBits).toBe(2048);
    expect(() => loadConfig({ ACCESS_TOKEN_MINUTES: '60' })).toThrow(/ACCESS_TOKEN_MINUTES/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ BASE_PATH: '/a b/' }, 'BASE_PATH'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ RSA_KEY_BITS: '1024' }, 'RSA_KEY_BITS'],
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
