// Docs: docs/ARCHITECTURE.md#the-request-path — security headers on every response.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The Content-Security-Policy: only our own scripts; inline styles because MUI's emotion injects
 * <style> tags; connections to ourselves, including the app's own WebSocket origin.
 */
export function contentSecurityPolicy(config: Config): string {
  const wsOrigin = config.publicUrl.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${wsOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of a served file (an attachment): a sandboxed, unique origin that runs no script and
 * loads nothing, so a file opened in a tab (an SVG or HTML that slipped past sniffing, a PDF's
 * script) can never act as the app. It replaces the app's policy on those replies only.
 */
export const FILE_CONTENT_SECURITY_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** Adds the security headers to every reply; a route's own Content-Security-Policy is kept. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (_request, reply, payload) => {
    // Served files set a stricter policy of their own (FILE_CONTENT_SECURITY_POLICY).
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (https) reply.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    return payload;
  });
}
