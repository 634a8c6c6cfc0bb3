import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** The ranges behind the names, as proxy-addr (Fastify's) defines them. */
const RANGES: Record<string, string[]> = {
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  loopback: ['127.0.0.0/8', '::1/128'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether the peer `hop` steps away (0: the socket's) may tell who the client is. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Who the client is. Behind nginx or an Ingress every request comes from the proxy, so the
 * client's address is what the proxy puts in X-Forwarded-For; but a client can write that header
 * too. `TRUST_PROXY` says which peers are believed: Fastify (proxy-addr) walks X-Forwarded-For
 * from the right and stops at the first address that is not a trusted proxy. The gateway then
 * sends services exactly that one address, replacing whatever the client sent.
 */
export function trustProxyOption(setting: string): false | string[] | ((address: string, hop: number) => boolean) {
  const value = setting.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  // A hop count trusts the nearest N peers whoever they are (hop 0 is the socket's peer): right
  // when the gateway cannot be reached but through them. Fastify's own numeric option ignores
  // X-Forwarded-For entirely, hence the function. A list of addresses is the safer setting.
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function isTrustProxySetting(setting: string): boolean {
  const option = trustProxyOption(setting);
  if (!Array.isArray(option)) return true;
  return option.length > 0 && option.every((entry) => NAMED_RANGES.has(entry) || isAddressOrCidr(entry));
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` as one function, given to Fastify and used by the proxy's own path alike, so both
 * name the same client. A list becomes a BlockList (it matches IPv4-mapped IPv6 peers as IPv4).
 */
export function proxyTrust(setting: string): ProxyTrust | false {
  const option = trustProxyOption(setting);
  if (!Array.isArray(option)) return option;
  const trusted = new BlockList();
  for (const entry of option.flatMap((entry) => RANGES[entry] ?? [entry])) {
    const [address, bits] = entry.split('/') as [string, string?];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address, as Fastify's `request.ip` tells it (proxy-addr): walk from the socket's
 * peer through X-Forwarded-For from the right while each address is a trusted proxy.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust | false): string {
  const peer = request.socket.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  if (!trust || typeof header !== 'string' || header.length === 0) return peer;
  const hops = header.split(',');
  let address = peer;
  for (let hop = 0, i = hops.length - 1; i >= 0; i -= 1) {
    const next = hops[i]!.trim();
    if (next === '') continue;
    if (!trust(address, hop)) return address;
    address = next;
    hop += 1;
  }
  return address;
}

/** The scheme the client used: a trusted proxy's X-Forwarded-Proto (its last entry), else the socket's. */
export function clientProtocol(request: IncomingMessage, trust: ProxyTrust | false): string {
  const header = request.headers['x-forwarded-proto'];
  if (trust && typeof header === 'string' && header && trust(request.socket.remoteAddress ?? '', 0)) {
    const last = header.lastIndexOf(',');
    return (last === -1 ? header : header.slice(last + 1)).trim();
  }
  return (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}
