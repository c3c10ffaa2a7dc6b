// Docs: docs/ARCHITECTURE.md#first-load — the tab's icon as a data: URL in index.html. As a file,
// Chromium fetched it (twice) at the start of every page load, beside the stylesheet and the
// manifest: on a phone's slow network, requests hold the few connections a page opens to the
// server while the entry's scripts wait for one. /favicon.svg stays: the manifest's icon, and the
// keep-alive's target (SPEC §7).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The icon link Vite's index.html has, and the build rewrites. */
export const FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';

/** An SVG as a data: URL (percent-encoded: safe in a double-quoted attribute). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
}

/** index.html with its icon link pointing at `svg` itself; an error if it has no such link. */
export function inlineFaviconHtml(html: string, svg: string): string {
  if (!html.includes(FAVICON_LINK))
    throw new Error(`inlineFavicon: index.html has no ${FAVICON_LINK}`);
  return html.replace(
    FAVICON_LINK,
    `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml" />`,
  );
}

/** The Vite plugin (build only: the dev server serves /favicon.svg through its proxy). */
export function inlineFavicon(svgPath: string): Plugin {
  return {
    name: 'seminar:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      return inlineFaviconHtml(html, readFileSync(svgPath, 'utf8'));
    },
  };
}
