import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard for webhook URLs: a job's webhook is POSTed from inside the deployment, so a URL naming a loopback,
 * private or link-local address (or a hostname resolving to one) could reach internal services. Checked when the
 * job is submitted and again before each delivery attempt (a hostname may resolve elsewhere by then: DNS
 * rebinding). DOCINTEL_WEBHOOK_ALLOW_PRIVATE=true turns the guard off (receivers on the same host or network).
 */

const PRIVATE_RANGES = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE_RANGES.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  PRIVATE_RANGES.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private (RFC 1918, ULA), link-local, CGNAT, multicast and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_RANGES.check(address, 'ipv4');
  if (family !== 6) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) reaches the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_RANGES.check(mapped[1], 'ipv4');
  return PRIVATE_RANGES.check(address, 'ipv6');
}

/**
 * Why `url` may not receive webhooks, or null when it may: not http(s), a private address literal, or a hostname
 * that does not resolve or resolves (any of its addresses) to a private address.
 */
export async function webhookTargetProblem(url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isPrivateAddress(host) ? `points to a private, loopback or link-local address (${host})` : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return `host "${host}" does not resolve`;
  }
  const blocked = addresses.find((a) => isPrivateAddress(a.address));
  return blocked ? `host "${host}" resolves to a private, loopback or link-local address (${blocked.address})` : null;
}
