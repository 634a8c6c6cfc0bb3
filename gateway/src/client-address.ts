import { isIP } from 'node:net';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

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
