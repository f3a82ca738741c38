// Where a tenant's SMTP server may be (issue 15 #4). A tenant administrator types the host, and an
// anonymous reset-mail request makes the server connect to it: left open, that is a way into the
// server's own network (127.0.0.1, the cloud metadata address, private ranges). So the host is
// resolved once, every address it resolves to is checked, and the mail is sent to that checked address
// (the typed name stays the TLS server name): a DNS answer that changes between check and connect
// cannot redirect the connection. The operator may allow internal hosts (SMTP_ALLOW_PRIVATE_HOSTS),
// e.g. a relay on the same network, and the tests do, their SMTP server being on 127.0.0.1.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@ipdesk/core';

/** Addresses no tenant's mail may go to: this host, link-local and metadata, private, reserved. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; Alibaba Cloud's metadata is 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the metadata service of most clouds
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 reaches any IPv4 address, internal ones too
  ['fc00::', 7], // unique local, AWS's fd00:ec2::254 metadata among them
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** Whether the address is internal (IPv4-mapped IPv6 addresses are checked as their IPv4 address). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface SmtpDestination {
  /** The checked IP address to connect to. */
  address: string;
  /** The host as typed: the TLS server name and certificate check use it. */
  servername: string;
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * Resolves the host and checks every address it has: mailHostUnknown when it has none,
 * mailHostForbidden when any is internal and internal hosts are not allowed.
 */
export async function resolveSmtpDestination(
  host: string,
  options: { allowInternal: boolean; resolve?: Resolver },
): Promise<SmtpDestination> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(literal)) addresses = [literal];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
  }
  const [first] = addresses;
  if (!first) throw new AppError('mailHostUnknown', { params: { host } });
  const internal = addresses.find(isInternalAddress);
  // Every address, not just the first: a name answering a public and an internal address would let a
  // later lookup (ours or a library's) pick the internal one.
  if (internal !== undefined && !options.allowInternal)
    throw new AppError('mailHostForbidden', { params: { host, address: internal } });
  return { address: first, servername: host };
}
