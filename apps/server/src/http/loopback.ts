// Docs: docs/accounts.md#e-mail — what counts as "this machine only" for the development outbox and
// the demo accounts (issue 14.6).
import type { FastifyRequest } from 'fastify';

/** True for a HOST that only this machine can reach (localhost, 127.x.x.x, ::1). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** True for a peer address on this machine (IPv4, IPv6 or IPv4-mapped IPv6 loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain);
}

/**
 * A request made on this machine itself: the TCP peer is loopback and no proxy forwarded it (a
 * reverse proxy on the same host connects from loopback on behalf of anyone, so a forwarded
 * request never counts, whatever TRUST_PROXY says).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const headers = request.headers;
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}
