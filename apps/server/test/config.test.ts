import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('uses the documented defaults and embedded PGlite without DATABASE_URL', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/data[/\\]pglite$/) });
    expect(config.firstAdmin.email).toBe('admin@example.com');
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@localhost/db',
    });
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
