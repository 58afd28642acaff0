import net from "node:net";

/**
 * The country of a client address (§3 site settings geoip_country), from the offline GeoLite
 * database that the `geoip-lite` package ships. No network at run time.
 *
 * geoip-lite reads its whole database into memory (about 110 MB) when first imported, so it is
 * imported on the first lookup, not at start-up: test servers and instances that never answer
 * /api/settings.php do not pay for it.
 */
type GeoIpModule = { lookup(ip: string): { country: string } | null };
let geoip: Promise<GeoIpModule> | undefined;

function loadGeoIp(): Promise<GeoIpModule> {
  return (geoip ??= import("geoip-lite").then(
    (m) => (m as { default?: GeoIpModule }).default ?? (m as unknown as GeoIpModule),
  ));
}

/**
 * @param ip an IPv4 or IPv6 address (IPv4-mapped IPv6 accepted).
 * @returns the ISO 3166-1 alpha-2 country code, or null for private, loopback and unknown addresses.
 */
export async function countryOfIp(ip: string | null | undefined): Promise<string | null> {
  if (!ip) return null;
  const addr = ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIP(addr) === 0) return null;
  const hit = (await loadGeoIp()).lookup(addr);
  const country = hit?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
