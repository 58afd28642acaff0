import dns from "node:dns/promises";
import net from "node:net";

/**
 * Where the server may send Web Push requests. A subscription's endpoint comes from the browser,
 * so from whoever calls the API: without these checks it could make the server POST into its own
 * network (a blind request forgery). Push services are public https hosts by name
 * (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com, *.notify.windows.com).
 */

/** Address ranges that are not the public Internet: loopback, private, link-local, shared, reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 127], // :: and ::1
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, "ipv6");

/** Whether `address` (IPv4, IPv6, or IPv4-mapped IPv6) is a public Internet address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !NOT_PUBLIC.check(mapped, "ipv4");
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 6 ? "ipv6" : "ipv4");
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
