import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR_LOCALE } from '@school-transport/shared';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('OPERATOR_LOCALE', () => {
  it('defaults to the shared default, and is written the canonical way', () => {
    expect(loadConfig({}).locale).toBe(DEFAULT_OPERATOR_LOCALE);
    expect(loadConfig({ OPERATOR_LOCALE: 'fr-fr' }).locale).toBe('fr-FR');
    expect(loadConfig({ OPERATOR_LOCALE: ' en-US ' }).locale).toBe('en-US');
    // An empty variable is an unset one, as for every setting.
    expect(loadConfig({ OPERATOR_LOCALE: '' }).locale).toBe(DEFAULT_OPERATOR_LOCALE);
  });

  it.each([
    ['en_GB', 'not a BCP 47 tag (underscore)'],
    ['english', 'a word, not a tag'],
    ['xx-YY', 'well formed, but no locale this runtime knows'],
    ['en-GB-x', 'a private-use part with nothing after it'],
  ])('refuses %j at start-up (%s) with one line naming the variable', (value) => {
    let error: unknown;
    try {
      loadConfig({ OPERATOR_LOCALE: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'Invalid configuration: OPERATOR_LOCALE must be a BCP 47 language tag this server knows, such as en-GB, en-US or fr-FR.',
    );
  });
});

describe('GET /api/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OPERATOR_LOCALE: 'en-us', TIME_ZONE: 'America/New_York' } });
  });
  afterAll(() => t.close());

  it('tells anyone, signed in or not, the operator locale and time zone', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ locale: 'en-US', timeZone: 'America/New_York' });
  });
});
