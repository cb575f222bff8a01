import { describe, expect, it } from 'vitest';
import { appleMapsLink, geoLink, navigationLink } from './navigation-link';

const gate = { lat: 12.9352, lng: 77.6245, label: 'Mill Lane (gate, north)' };
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari';

describe('the Navigate link', () => {
  it('is a geo: address with the stop as its label on Android', () => {
    expect(geoLink(gate)).toBe(
      `geo:12.9352,77.6245?q=${encodeURIComponent('12.9352,77.6245(Mill Lane gate north)')}`,
    );
    expect(navigationLink(gate, { userAgent: ANDROID })).toBe(geoLink(gate));
  });

  it('opens Apple Maps with driving directions on an iPhone, and on an iPad that says it is a Mac', () => {
    expect(appleMapsLink(gate)).toBe('https://maps.apple.com/?daddr=12.9352%2C77.6245&dirflg=d');
    expect(navigationLink(gate, { userAgent: IPHONE })).toBe(appleMapsLink(gate));
    expect(navigationLink(gate, { userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe(appleMapsLink(gate));
    // A real Mac (no touch screen) is not an iPad.
    expect(navigationLink(gate, { userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe(geoLink(gate));
  });
});
