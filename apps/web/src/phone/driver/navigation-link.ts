/**
 * Turn-by-turn directions to a stop open in the phone's own maps app (decision 058): nothing is asked of a hosted
 * service, by the server or the app. Android hands a `geo:` address to the maps app the driver chose; iOS opens Apple
 * Maps from its https address (Safari does not take `geo:`).
 */
export interface Destination {
  lat: number;
  lng: number;
  label: string;
}

/** iPhone and iPad, the latter also when it says it is a Mac (iPadOS asks for desktop sites) but has a touch screen. */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

const coordinates = ({ lat, lng }: Destination) => `${lat},${lng}`;

export function geoLink(destination: Destination): string {
  // The label is a stop's name: "(", ")" and "," would end it early in the query, so they are dropped.
  const label = destination.label.replace(/[(),]/g, ' ').replace(/\s+/g, ' ').trim();
  return `geo:${coordinates(destination)}?q=${encodeURIComponent(`${coordinates(destination)}(${label})`)}`;
}

export function appleMapsLink(destination: Destination): string {
  const query = new URLSearchParams({ daddr: coordinates(destination), dirflg: 'd' });
  return `https://maps.apple.com/?${query.toString()}`;
}

/** The link the Navigate button opens on this phone. */
export function navigationLink(
  destination: Destination,
  device: { userAgent: string; maxTouchPoints?: number } = navigator,
): string {
  return isAppleMobile(device.userAgent, device.maxTouchPoints)
    ? appleMapsLink(destination)
    : geoLink(destination);
}
