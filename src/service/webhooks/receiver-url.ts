import { BlockList, isIP } from 'node:net';

export interface ReceiverUrlPolicy {
  /** Permit 127.0.0.0/8, ::1 and localhost (the embedded service sets this). */
  allowLoopback?: boolean;
  /** Permit RFC 1918, link-local, CGNAT, unique-local and unspecified addresses. */
  allowPrivateNetworks?: boolean;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const privateNets = new BlockList();
privateNets.addSubnet('0.0.0.0', 8, 'ipv4');
privateNets.addSubnet('10.0.0.0', 8, 'ipv4');
privateNets.addSubnet('100.64.0.0', 10, 'ipv4');
privateNets.addSubnet('169.254.0.0', 16, 'ipv4');
privateNets.addSubnet('172.16.0.0', 12, 'ipv4');
privateNets.addSubnet('192.168.0.0', 16, 'ipv4');
privateNets.addAddress('::', 'ipv6');
privateNets.addSubnet('fc00::', 7, 'ipv6');
privateNets.addSubnet('fe80::', 10, 'ipv6');

type HostKind = 'public' | 'loopback' | 'private';

function classifyHost(hostname: string): HostKind {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const family = isIP(host);
  if (family === 0) return 'public';
  // IPv4-mapped IPv6 (::ffff:127.0.0.1, which URL writes as ::ffff:7f00:1) is judged as IPv4.
  const mapped = family === 6 ? mappedIpv4(host) : undefined;
  const address = mapped ?? host;
  const type = mapped || family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return 'loopback';
  if (privateNets.check(address, type)) return 'private';
  return 'public';
}

function mappedIpv4(host: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/**
 * Checks a receiver URL; returns the reason it is refused, or undefined.
 * Hostnames are judged as written (no DNS lookup at save time).
 */
export function receiverUrlProblem(raw: string, policy: ReceiverUrlPolicy = {}): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username || url.password) return 'must not contain credentials (user:password@)';
  if (url.hash) return 'must not contain a fragment (#...)';
  const kind = classifyHost(url.hostname);
  if (kind === 'loopback' && !policy.allowLoopback) return 'must not point to a loopback address';
  if (kind === 'private' && !policy.allowPrivateNetworks) return 'must not point to a private or link-local address';
  return undefined;
}

/** The part of a URL that is safe to log: receiver URLs may carry tokens in path or query. */
export function loggableOrigin(raw: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    return '(invalid url)';
  }
}
