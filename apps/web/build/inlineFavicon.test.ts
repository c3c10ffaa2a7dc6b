import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAVICON_LINK, inlineFaviconHtml, svgDataUrl } from './inlineFavicon';

const svg = readFileSync(fileURLToPath(new URL('../public/favicon.svg', import.meta.url)), 'utf8');
const indexHtml = readFileSync(fileURLToPath(new URL('../index.html', import.meta.url)), 'utf8');

describe('inlineFavicon', () => {
  it('puts the icon itself in the link, decodable back to the file', () => {
    const html = inlineFaviconHtml(indexHtml, svg);
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml" \/>/.exec(html)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(svg.trim());
    expect(html).not.toContain('href="/favicon.svg"');
    // Nothing in it the server's templates or the attribute could take for their own.
    expect(href).not.toMatch(/[{}"<>\s]/);
    // The rest of the page as it was.
    expect(html.replace(/<link rel="icon"[^>]*>/, '')).toBe(indexHtml.replace(FAVICON_LINK, ''));
  });

  it('refuses an index.html without the icon link (renamed, or moved)', () => {
    expect(() => inlineFaviconHtml('<html><head></head></html>', svg)).toThrow(
      'inlineFavicon: index.html has no',
    );
  });

  it('encodes what a double-quoted attribute cannot hold', () => {
    expect(svgDataUrl(' <svg a="1">#%</svg>\n')).toBe(
      'data:image/svg+xml,%3Csvg%20a%3D%221%22%3E%23%25%3C%2Fsvg%3E',
    );
  });
});
