import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard for webhook URLs: a job's webhook is POSTed from inside the deployment, so a URL naming a loopback,
 * private or link-local address (or a hostname resolving to one) could reach internal services. Checked when the
 * job is submitted and again before each delivery attempt (a hostname may resolve elsewhere by then: DNS
 * rebinding). DOCINTEL_WEBHOOK_ALLOW_PRIVATE=true turns the guard off (receivers on the same host or network).
 */

const PRIVATE_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE_V4.addSubnet(net, prefix, 'ipv4');

/** IPv6 prefixes refused whatever follows them: [first groups, prefix length]. */
const PRIVATE_V6: [number[], number][] = [
  // ::/96 holds :: and ::1, and the deprecated IPv4-compatible ::a.b.c.d, which some stacks still route to IPv4.
  [[0, 0, 0, 0, 0, 0], 96],
  // IPv4-translated ::ffff:0:a.b.c.d (SIIT): a translator turns it into the IPv4 address.
  [[0, 0, 0, 0, 0xffff, 0], 96],
  // Local-use NAT64 (RFC 8215): the IPv4 address may sit anywhere in it, and the translator is the operator's own.
  [[0x64, 0xff9b, 1], 48],
  // Teredo tunnels: the client's IPv4 address is obfuscated inside, the relay is whoever the network routes to.
  [[0x2001, 0], 32],
  [[0x0100, 0, 0, 0], 64], // discard-only
  [[0xfc00], 7], // unique local
  [[0xfe80], 10], // link-local
  [[0xfec0], 10], // site-local (deprecated, still routed inside some sites)
  [[0xff00], 8], // multicast
];

/** 8 groups of 16 bits; isIP() has already accepted `address` (a zone such as %eth0 is ignored). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  if (tail === null) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function inPrefix(groups: number[], [net, bits]: [number[], number]): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i] & mask) !== ((net[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4At(groups: number[], index: number): string {
  const [hi, lo] = [groups[index], groups[index + 1]];
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/**
 * The IPv4 address an IPv6 address reaches through a standard embedding, checked like any IPv4 address:
 * IPv4-mapped (::ffff:a.b.c.d), well-known NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIpv4(groups: number[]): string | null {
  if (inPrefix(groups, [[0, 0, 0, 0, 0, 0xffff], 96])) return ipv4At(groups, 6);
  if (inPrefix(groups, [[0x64, 0xff9b, 0, 0, 0, 0], 96])) return ipv4At(groups, 6);
  if (inPrefix(groups, [[0x2002], 16])) return ipv4At(groups, 1);
  return null;
}

/**
 * True for loopback, private (RFC 1918, ULA, site-local), link-local, CGNAT, multicast and unspecified addresses,
 * and for IPv6 forms that reach such an IPv4 address (mapped, NAT64, 6to4) or any IPv4 address a translator or
 * tunnel picks (IPv4-compatible, IPv4-translated, local-use NAT64, Teredo).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_V4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (PRIVATE_V6.some((prefix) => inPrefix(groups, prefix))) return true;
  const v4 = embeddedIpv4(groups);
  return v4 !== null && PRIVATE_V4.check(v4, 'ipv4');
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
