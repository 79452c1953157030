import dns from "node:dns/promises";
import net from "node:net";
import { FetchRefusedError } from "../errors.js";
import { type HostAllowlist, isPublicAddress } from "./address-policy.js";

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Where to open the TCP connection: a pinned IP, or a name handed to the SOCKS proxy. */
export type ConnectTarget = { kind: "direct"; address: string; port: number } | { kind: "socks"; port: number };

export interface TargetPolicy {
  allowlist: HostAllowlist;
  lookup: Lookup;
  /** Only hidden-service hosts go through the proxy; nothing else may use it. */
  hasSocksProxy: boolean;
}

export function defaultPort(url: URL): number {
  return Number(url.port || (url.protocol === "https:" ? 443 : 80));
}

/**
 * Decides where one request may connect. Every resolved address must be public unless the host
 * is explicitly allowlisted; the first address is pinned, so a second DNS answer cannot rebind
 * the connection to an internal address after the check.
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<ConnectTarget> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefusedError(`Refused scheme ${url.protocol}`);
  }
  if (url.username || url.password) throw new FetchRefusedError("Refused URL with embedded credentials");
  const port = defaultPort(url);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (hostname.endsWith(".onion")) {
    if (!policy.hasSocksProxy) throw new FetchRefusedError(`${hostname} needs a configured SOCKS5 proxy`);
    return { kind: "socks", port };
  }
  const allowed = policy.allowlist.allows(url);
  const addresses = net.isIP(hostname)
    ? [{ address: hostname, family: net.isIP(hostname) }]
    : await lookupAll(policy, hostname);
  if (!allowed) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw new FetchRefusedError(`Refused ${hostname}: resolves to non-public address ${blocked.address}`);
  }
  const first = addresses[0];
  if (!first) throw new FetchRefusedError(`${hostname} did not resolve`);
  return { kind: "direct", address: first.address, port };
}

async function lookupAll(policy: TargetPolicy, hostname: string) {
  try {
    return await policy.lookup(hostname);
  } catch (error) {
    throw new FetchRefusedError(`${hostname} did not resolve: ${(error as Error).message}`);
  }
}
