import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, platformOf, pushSupport, type BrowserTraits } from './push';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const browser = (changes: Partial<BrowserTraits>): BrowserTraits => ({
  userAgent: ANDROID,
  maxTouchPoints: 5,
  secure: true,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  standalone: false,
  ...changes,
});

describe('push notifications on this browser', () => {
  it('tells the platforms apart, an iPad that calls itself a Mac included', () => {
    expect(platformOf(browser({ userAgent: ANDROID }))).toBe('android');
    expect(platformOf(browser({ userAgent: IPHONE }))).toBe('ios');
    expect(platformOf(browser({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 }))).toBe('ios');
    expect(platformOf(browser({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }))).toBe('desktop');
  });

  it('sends an iPhone in a Safari tab to the home screen first, and explains a browser without push', () => {
    const safariTab = { userAgent: IPHONE, hasPushManager: false, hasNotification: false };
    expect(pushSupport(browser(safariTab))).toBe('ios-home-screen');
    expect(pushSupport(browser({ ...safariTab, standalone: true }))).toBe('unsupported');
    expect(pushSupport(browser({ userAgent: IPHONE, standalone: true }))).toBe('supported');
    expect(pushSupport(browser({ hasPushManager: false }))).toBe('unsupported');
    expect(pushSupport(browser({ secure: false }))).toBe('insecure');
    expect(pushSupport(browser({}))).toBe('supported');
  });

  it('reads the server’s VAPID key as bytes', () => {
    const bytes = new Uint8Array(65).map((_, index) => index * 3);
    const text = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...base64UrlToBytes(text)]).toEqual([...bytes]);
  });
});
