import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, type Dispatcher } from "undici";

/**
 * Where the server may send Web Push requests. A subscription's endpoint comes from the browser,
 * so from whoever calls the API: without these checks it could make the server POST into its own
 * network (a blind request forgery). Push services are public https hosts by name
 * (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com, *.notify.windows.com).
 * The address is checked when the connection is made (createPushAgent), on the very answer the
 * socket connects to: a name cannot answer a public address to a check and a private one to the
 * connection (DNS rebinding).
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

/** Loopback: 127.0.0.0/8 and ::1 (a BlockList matches IPv4-mapped IPv6 against its IPv4 ranges too). */
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether `address` is a loopback address (the only ones a test's http push service may have). */
function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && !address.includes("%") && LOOPBACK.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** Names that never lead to the public Internet. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/**
 * Whether a subscription's endpoint may be stored: an https URL on a host name with a dot that is
 * not a local name (no IP literal); http only to 127.0.0.1 / localhost when `allowLoopbackHttp`
 * (a test's local push service). Checked again before each push (push.service sendOne).
 * @param endpoint the subscription's endpoint, an absolute URL (validated by the schema).
 */
export function endpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "http:") return allowLoopbackHttp && ["127.0.0.1", "localhost", "::1"].includes(host);
  if (url.protocol !== "https:") return false;
  return net.isIP(host) === 0 && host.includes(".") && !LOCAL_NAME.test(host.replace(/\.$/, ""));
}

/** A push endpoint's host is, or resolves (at connection time) to, an address it may not reach. */
export class PushAddressRefusedError extends Error {
  readonly code = "EPUSHADDRESS";
  /** @param detail what was refused, for the outbox row's last_error and the log (e.g. "a.example resolves to 10.0.0.1"). */
  constructor(detail: string) {
    super(`the push endpoint is not a public address (${detail})`);
    this.name = "PushAddressRefusedError";
  }
}

/**
 * A `lookup` for net/tls.connect: resolves `hostname` with dns.lookup (the system resolver, as
 * net's default), refuses the whole answer (PushAddressRefusedError) unless every address passes
 * `accept`, and hands the socket only those checked addresses: one resolution, checked and used.
 */
function checkedLookup(accept: (address: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const refused = addresses.length === 0 ? undefined : addresses.find((a) => !accept(a.address));
      if (addresses.length === 0 || refused)
        return callback(new PushAddressRefusedError(`${hostname} resolves to ${refused?.address ?? "nothing"}`), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * An undici connector that connects only to addresses passing `accept`: a host name through
 * checkedLookup, an IP literal checked as it is (net.connect looks no literal up). TLS SNI and the
 * Host header stay the endpoint's name (undici takes both from the URL, not from the address).
 */
function checkedConnector(accept: (address: string) => boolean): buildConnector.connector {
  const connect = buildConnector({ lookup: checkedLookup(accept) });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) !== 0 && !accept(host)) return callback(new PushAddressRefusedError(host), null);
    connect(options, callback);
  };
}

/** How this instance sends push requests: connection pools whose every connection went to a checked address. */
export interface PushAgent {
  /**
   * The undici dispatcher for a request to `endpoint`: https to public addresses only; http (a
   * test's local push service) to loopback addresses only, and only with PUSH_ALLOW_LOOPBACK_HTTP.
   * A refused address fails the request with PushAddressRefusedError before anything is sent.
   * @throws PushAddressRefusedError for an http endpoint without allowLoopbackHttp, or another scheme.
   */
  dispatcherFor(endpoint: string): Dispatcher;
  /** Close the pools (after the senders have stopped). */
  close(): Promise<void>;
}

/**
 * The push agent of one instance (AppDeps.pushAgent): keep-alive pools per push service, as
 * fetch's global dispatcher had, but with the address check in the connection itself.
 * @param allowLoopbackHttp PUSH_ALLOW_LOOPBACK_HTTP (tests only; config refuses it in production).
 */
export function createPushAgent(allowLoopbackHttp: boolean): PushAgent {
  const publicAgent = new Agent({ connect: checkedConnector(isPublicAddress) });
  const loopbackAgent = allowLoopbackHttp ? new Agent({ connect: checkedConnector(isLoopbackAddress) }) : null;
  return {
    dispatcherFor(endpoint) {
      const url = new URL(endpoint);
      if (url.protocol === "https:") return publicAgent;
      if (url.protocol === "http:" && loopbackAgent) return loopbackAgent;
      throw new PushAddressRefusedError(`${url.protocol} is not a push service's scheme here`);
    },
    async close() {
      await Promise.all([publicAgent.close(), loopbackAgent?.close()]);
    },
  };
}
