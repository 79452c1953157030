import ipaddr from "ipaddr.js";

/**
 * Only globally routable unicast addresses may be fetched. Everything else (loopback, private,
 * link-local incl. cloud metadata 169.254.169.254, CGNAT, unique-local, multicast, reserved,
 * documentation ranges, and IPv6 forms that embed an IPv4 address) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    // Check the embedded IPv4 too: ::ffff:127.0.0.1 must not slip through as "ipv6 unicast".
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() !== "unicast") return false;
  }
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  return true;
}

/** `host` or `host:port` entries; a bare host allows every port. */
export class HostAllowlist {
  private readonly entries: Set<string>;

  constructor(entries: Iterable<string>) {
    this.entries = new Set([...entries].map((e) => e.trim().toLowerCase()).filter(Boolean));
  }

  allows(url: URL): boolean {
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return this.entries.has(host) || this.entries.has(`${host}:${port}`) || this.entries.has(url.host.toLowerCase());
  }
}
