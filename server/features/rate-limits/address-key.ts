import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * IPv6 clients are counted per prefix of this length: an ISP hands a subscriber at least a /64
 * (RFC 6177 suggests a /56), and a host on it picks addresses inside it at will, so counting single
 * addresses would give it 2^64 fresh allowances (security review §10).
 */
export const IPV6_LIMIT_PREFIX_LENGTH = 64;

/**
 * The key a per-address abuse limit (issue 10: signup_ip, login_ip, mail_ip, search_ip, polls and
 * the per-member limits of visitors) counts a client address by, the same on every path (tRPC over
 * HTTP and WebSocket, the legacy API). Only limit keys use it: logs and stored addresses keep the
 * full address.
 * @param address the client address as Fastify gives it (`req.ip`, tRPC `ctx.clientIp`).
 * @returns an IPv4 address as it is; an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in either
 *   spelling, as a dual-stack socket reports an IPv4 client) as its IPv4 address, so it shares the
 *   IPv4 address's count; any other IPv6 address as its /64 in canonical form
 *   ("2001:db8:1:2::/64", whatever the spelling or zone id); anything else as given.
 */
export function addressLimitKey(address: string): string {
  if (net.isIP(address) !== 6) return address;
  const ip = ipaddr.IPv6.parse(address);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.replace(/%.*$/, "")}/${IPV6_LIMIT_PREFIX_LENGTH}`);
  return `${prefix.toString()}/${IPV6_LIMIT_PREFIX_LENGTH}`;
}
