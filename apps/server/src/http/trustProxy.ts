// Docs: README.md#configuration, docs/accounts.md#rate-limits — which X-Forwarded-For entries count.
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What the server trusts of `X-Forwarded-For`: nothing (false), the last N hops (the proxies in
 * front of it), or the entries added by the listed proxy addresses and CIDR ranges. Fastify's
 * `trustProxy` takes each of these as it is, and the client address it resolves is the one every
 * rate limit, sign-in delay and Better Auth sees (auth/routes.ts).
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for whole ranges, accepted beside addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why `entry` is not an address, a CIDR range or a range name, or null. */
function proxyEntryProblem(entry: string): string | null {
  if (RANGE_NAMES.has(entry)) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128)
    ? null
    : `"${entry}" has a prefix length out of range`;
}

const FORMS = 'a number of proxy hops such as 1, or proxy addresses such as 10.0.0.5,10.1.0.0/16';

/**
 * TRUST_PROXY: `false`/`0` (the default), a hop count, or a comma-separated list of proxies.
 * `true` is refused: it used to trust every entry, so a client could write its own address into the
 * header and pass every per-address limit (issue 29.2); silently reading it as one hop could be
 * wrong for a deployment with two proxies, so its owner picks the new form.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'false' || lower === 'no' || lower === '0') return false;
    if (lower === 'true' || lower === 'yes') {
      context.addIssue({
        code: 'custom',
        message: `no longer takes true (it trusted the client's own X-Forwarded-For entries): set ${FORMS}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 0 && hops <= 16) return hops;
      context.addIssue({ code: 'custom', message: 'must be between 0 and 16 hops' });
      return z.NEVER;
    }
    const entries = value
      .split(/[,\s]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0);
    const problems = entries.map(proxyEntryProblem).filter((problem) => problem !== null);
    if (entries.length === 0 || problems.length > 0) {
      context.addIssue({ code: 'custom', message: `must be ${FORMS} (${problems.join('; ')})` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: this Fastify version reads
 * a bare number as "trust nothing" (a hop count cannot tell the proxy from a client that reaches
 * the server directly), so the count is applied here — the socket's peer and the next `hops - 1`
 * entries from the right are proxies, the entry after them is the client. Only right for a server
 * that nothing reaches except through its proxies; README says so and offers the address list.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
