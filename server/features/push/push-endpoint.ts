import dns from "node:dns/promises";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where the server may send Web Push requests. A subscription's endpoint comes from the browser,
 * so from whoever calls the API: without these checks it could make the server POST into its own
 * network (a blind request forgery). Push services are public https hosts by name
 * (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com, *.notify.windows.com).
 */

/**
 * IPv4 ranges that are not the public Internet (IANA IPv4 Special-Purpose Address Registry):
 * "this network", private, shared (CGN), loopback, link-local, IETF protocol assignments, the
 * three documentation networks, the deprecated 6to4 relay anycast, benchmarking, multicast,
 * reserved and broadcast.
 */
const NOT_PUBLIC_V4 = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(address, prefix, "ipv4");

/**
 * IPv6: only global unicast (2000::/3) is public. That leaves out ::, ::1, IPv4-compatible ::/96,
 * the local-use NAT64 prefix 64:ff9b:1::/48, discard-only 100::/64, SRv6 5f00::/16, unique-local
 * fc00::/7, link- and site-local fe80::/10 and fec0::/10, multicast ff00::/8. IPv4-mapped
 * ::ffff:0:0/96 and the well-known NAT64 prefix 64:ff9b::/96 (RFC 6052, a DNS64 resolver's
 * answer for an IPv4-only name) carry an IPv4 address, which decides (embeddedIPv4).
 */
const GLOBAL_UNICAST_V6 = new net.BlockList();
GLOBAL_UNICAST_V6.addSubnet("2000::", 3, "ipv6");
/**
 * Inside 2000::/3 but not public: IETF protocol assignments 2001::/23 (Teredo 2001::/32, which
 * reaches an IPv4 host through a relay, benchmarking, ORCHID), documentation 2001:db8::/32 and
 * 3fff::/20, and 6to4 2002::/16 (an IPv4 address in bits 16–47, reached through a relay).
 */
const NOT_PUBLIC_V6 = new net.BlockList();
for (const [address, prefix] of [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
] as const)
  NOT_PUBLIC_V6.addSubnet(address, prefix, "ipv6");

const NAT64_WELL_KNOWN_PREFIX = ipaddr.IPv6.parse("64:ff9b::");

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or well-known-prefix NAT64 (64:ff9b::a.b.c.d) address carries, else null. */
function embeddedIPv4(address: string): string | null {
  const ip = ipaddr.IPv6.parse(address);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
  if (ip.match(NAT64_WELL_KNOWN_PREFIX, 96)) return ipaddr.fromByteArray(ip.toByteArray().slice(12)).toString();
  return null;
}

/**
 * Whether `address` is a public Internet address a push may be sent to.
 * @param address an IP address as dns.lookup gives it: IPv4 dotted quad or IPv6 (IPv4-mapped and
 *   NAT64 64:ff9b::/96 forms are judged by the IPv4 address they carry). Anything else (a name, a
 *   zone id, an empty string) gives false.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, "ipv4");
  if (family !== 6 || address.includes("%")) return false;
  const v4 = embeddedIPv4(address);
  if (v4 !== null) return !NOT_PUBLIC_V4.check(v4, "ipv4");
  return GLOBAL_UNICAST_V6.check(address, "ipv6") && !NOT_PUBLIC_V6.check(address, "ipv6");
}

/** Names that never lead to the public Internet. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/**
 * Whether a subscription's endpoint may be stored: an https URL on a host name with a dot that is
 * not a local name (no IP literal); http only to 127.0.0.1 / localhost when `allowLoopbackHttp`
 * (a test's local push service).
 * @param endpoint the subscription's endpoint, an absolute URL (validated by the schema).
 */
export function endpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "http:") return allowLoopbackHttp && ["127.0.0.1", "localhost", "::1"].includes(host);
  if (url.protocol !== "https:") return false;
  return net.isIP(host) === 0 && host.includes(".") && !LOCAL_NAME.test(host.replace(/\.$/, ""));
}

/**
 * Whether a push may be sent to `endpoint` now: an allowed loopback test endpoint, or an https
 * host whose every address (DNS, at the time of sending) is public. A name that no longer
 * resolves gives false too.
 */
export async function endpointReachable(endpoint: string, allowLoopbackHttp: boolean): Promise<boolean> {
  const url = new URL(endpoint);
  if (url.protocol === "http:") return endpointAllowed(endpoint, allowLoopbackHttp);
  try {
    const addresses = await dns.lookup(url.hostname, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}
