import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server sends Web Push to. The server POSTs to whatever endpoint a parent's browser hands it,
 * so an endpoint is a request made on a stranger's behalf (SSRF): without these rules a parent could aim it at the
 * database, a cloud metadata address or an admin page inside the operator's network. Two checks:
 * - when subscribing and again before each send, the endpoint must be https on port 443 at one of the push
 *   services browsers use (PUSH_SERVICE_HOSTS), or at an origin the operator configured (PUSH_EXTRA_ORIGINS);
 * - when sending, the push service's name must resolve only to public addresses (not loopback, private,
 *   link-local, unique-local, CGNAT, documentation or multicast ranges), checked on the very addresses the
 *   connection then uses, so a name that answers differently the second time gains nothing. A configured origin
 *   is the operator's own choice and skips this check (the tests' push service on 127.0.0.1).
 */

/**
 * The push services of the browsers in use: Chrome, Edge's Chromium and Android (FCM), Firefox (Mozilla autopush),
 * Edge on Windows (WNS), Safari (Apple). `*.` matches any name below the domain, not the domain itself.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

/** The port every one of them listens on; an endpoint naming another is refused. */
export const PUSH_SERVICE_PORT = 443;

const hostAllowed = (host: string) =>
  PUSH_SERVICE_HOSTS.some((pattern) =>
    pattern.startsWith('*.')
      ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
      : host === pattern,
  );

/**
 * Why the server will not send to this endpoint, in words, or null. `extraOrigins` are origins the operator added
 * (PUSH_EXTRA_ORIGINS, e.g. the tests' push service): an endpoint on one of them is taken as it is.
 */
export function pushEndpointProblem(endpoint: string, extraOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The subscription endpoint must be a URL.';
  }
  if (url.username || url.password) return 'The subscription endpoint must not contain credentials.';
  if (extraOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'The subscription endpoint must be an https address.';
  // URL drops a scheme's default port: an empty port is 443 for https.
  if (url.port !== '' && Number(url.port) !== PUSH_SERVICE_PORT)
    return `The subscription endpoint must use port ${PUSH_SERVICE_PORT}, as browsers' push services do.`;
  if (!hostAllowed(url.hostname.toLowerCase()))
    return "The subscription endpoint must be a browser's push service (Chrome, Firefox, Edge or Safari).";
  return null;
}

/** Ranges no push service is ever in: whatever resolves into them is inside the operator's network (or nowhere). */
const INSIDE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  INSIDE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const)
  INSIDE.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d, 2002:AABB:CCDD::): its IPv4. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/i.exec(address);
  const [high, low] = (hex ?? sixToFour)?.slice(1).map((part) => parseInt(part, 16)) ?? [];
  if (high === undefined || low === undefined) return null;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one no push service has: loopback, private, link-local, unique-local, CGNAT… */
export function isInsideAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INSIDE.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return INSIDE.check(v4, 'ipv4');
  return INSIDE.check(address, 'ipv6');
}

/** Resolves a name to every address, as dns.lookup does (the system resolver, /etc/hosts included). */
export type PushResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: PushResolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The error a send fails with when the push service's name resolves inside: its code names it in the log. */
export class InsideAddressError extends Error {
  readonly code = 'EPUSHINSIDE';
  constructor() {
    super("The push service's name resolves to an address inside the network.");
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves with `resolve`, and refuses the connection when ANY of the addresses is
 * inside (one inside address among public ones is how a rebinding name gets in). The socket connects only to the
 * addresses checked here.
 */
export function checkedLookup(resolve: PushResolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length || addresses.some((entry) => isInsideAddress(entry.address)))
          return callback(new InsideAddressError(), []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
