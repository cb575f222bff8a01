import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvFile } from '../src/config.js';
import { checkConfig } from '../src/preflight.js';

describe('loadConfig', () => {
  it('uses the documented defaults and embedded PGlite without DATABASE_URL', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toMatchObject({
      kind: 'pglite',
      dataDir: expect.stringMatching(/data[/\\]pglite$/),
    });
    expect(config.firstAdmin.email).toBe('admin@example.com');
    expect(config.firstAdmin.given).toEqual([]);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@localhost/db',
    });
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('takes extra push service origins, http only under NODE_ENV=test', () => {
    expect(loadConfig({}).push.extraOrigins).toEqual([]);
    expect(
      loadConfig({ PUSH_EXTRA_ORIGINS: 'https://push.example.net, https://push2.example.net:8443' }).push
        .extraOrigins,
    ).toEqual(['https://push.example.net', 'https://push2.example.net:8443']);
    expect(
      loadConfig({ NODE_ENV: 'test', PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:5555' }).push.extraOrigins,
    ).toEqual(['http://127.0.0.1:5555']);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:5555' })).toThrow(
      /PUSH_EXTRA_ORIGINS must be https origins/,
    );
    expect(() => loadConfig({ PUSH_EXTRA_ORIGINS: 'https://push.example.net/path' })).toThrow(
      /PUSH_EXTRA_ORIGINS must be comma-separated origins/,
    );
  });

  it('says what PORT must be, in one line, not what the parser received', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      new ConfigError('Invalid configuration: PORT must be a number between 1 and 65535.'),
    );
  });

  it.each([
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    // An administrator's password has at least 12 characters.
    ['ADMIN_PASSWORD', 'blue pan 99'],
    ['ADMIN_SECOND_FACTOR', 'always'],
    ['ADMIN_SESSION_IDLE_MINUTES', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SESSION_IDLE_MINUTES', '-5'],
  ])('stops with one line naming %s and what it must be, without its value %j', (name, value) => {
    let message = '';
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} must be [^\\n]+\\.$`));
    expect(message).not.toContain(value);
  });

  it('names every bad variable on a line of its own', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid configuration: PORT must be .+\.\nInvalid configuration: LOG_LEVEL must be .+\.$/,
    );
  });

  it('accepts the usual spellings of LOG_LEVEL and TRUST_PROXY', () => {
    expect(loadConfig({ LOG_LEVEL: 'INFO' }).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'Debug' }).logLevel).toBe('debug');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('remembers which first-admin settings were given, to report them as ignored later', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_NAME: 'Boss' }).firstAdmin.given).toEqual([
      'ADMIN_EMAIL',
      'ADMIN_NAME',
    ]);
  });
});

describe('readEnvFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-env-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('stops with one line when .env is a folder', async () => {
    await fs.mkdir(path.join(dir, '.env'));
    expect(() => readEnvFile(path.join(dir, '.env'))).toThrow(
      new ConfigError(
        `Invalid configuration: ${path.join(dir, '.env')} is a folder; it must be a file of NAME=value lines.`,
      ),
    );
  });

  it('is quiet when there is no .env', () => {
    expect(() => readEnvFile(path.join(dir, 'missing.env'))).not.toThrow();
  });
});

describe('checkConfig (what needs the machine)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-preflight-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const check = (env: Record<string, string>, listen = false) => checkConfig(env, { listen });
  const refusal = async (env: Record<string, string>, listen = false) => {
    const error = await check(env, listen).then(
      () => null,
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  };

  it('creates a missing DATA_DIR, owner-only, several levels deep', async () => {
    const dataDir = path.join(dir, 'new', 'deeper');
    await check({ DATA_DIR: dataDir });
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
  });

  it('refuses a DATA_DIR that is a file, or inside one', async () => {
    const file = path.join(dir, 'a-file');
    await fs.writeFile(file, '');
    expect(await refusal({ DATA_DIR: file })).toMatch(
      /^Invalid configuration: DATA_DIR .+ is a file; it must be a folder/,
    );
    expect(await refusal({ DATA_DIR: path.join(file, 'data') })).toContain(
      `cannot be created: ${file} is a file`,
    );
  });

  it('refuses an existing DATA_DIR it cannot write (even as root: /sys)', async () => {
    expect(await refusal({ DATA_DIR: '/sys/kernel' })).toMatch(
      /DATA_DIR \/sys\/kernel is not writable \(E[A-Z]+\)/,
    );
  });

  it('refuses a DATA_DIR under /proc at once instead of hanging', async () => {
    const started = Date.now();
    expect(await refusal({ DATA_DIR: '/proc/school-transport/data' })).toContain(
      'cannot be created (ENOENT)',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a HOST that does not resolve, or that is not this machine', async () => {
    const dataDir = path.join(dir, 'host');
    expect(await refusal({ DATA_DIR: dataDir, HOST: 'no-such-host.invalid' }, true)).toBe(
      'Invalid configuration: HOST "no-such-host.invalid" does not resolve; it must be a host name or an IP address of this machine (0.0.0.0 for every interface).',
    );
    expect(await refusal({ DATA_DIR: dataDir, HOST: '192.0.2.1' }, true)).toMatch(
      /^Invalid configuration: HOST "192.0.2.1" is 192.0.2.1, not an address of this machine/,
    );
    await expect(check({ DATA_DIR: dataDir, HOST: 'localhost' }, true)).resolves.toBeDefined();
  });

  it('holds ADMIN_PASSWORD to the rules of every password (common ones refused)', async () => {
    expect(await refusal({ DATA_DIR: dir, ADMIN_PASSWORD: 'qwerty123456' })).toBe(
      'Invalid configuration: ADMIN_PASSWORD is refused: This password is too common. Choose one that is harder to guess.',
    );
    await expect(check({ DATA_DIR: dir, ADMIN_PASSWORD: 'correct horse battery' })).resolves.toBeDefined();
  });
});
