// The keyboard focus ring as the browser draws it (docs/accessibility.md#focus-ring): the focused
// element's outline, read from computed styles, and its contrast against what it is drawn on (WCAG
// 1.4.11 asks 3:1). An outline drawn outside the element (offset ≥ 0) sits on the parent's
// background, one drawn inside (negative offset) on the element's own; translucent backgrounds are
// composited over their ancestors'.
import type { Locator } from 'playwright-core';

export interface FocusRing {
  /** The element matches :focus-visible (keyboard focus). */
  focusVisible: boolean;
  outline: string;
  /** Width in px; 0 when there is no outline. */
  width: number;
  /** Contrast ratio of the outline against its background (1 when there is none). */
  contrast: number;
  /** The colours compared, for failure messages. */
  colors: string;
}

export function focusRing(locator: Locator): Promise<FocusRing> {
  return locator.first().evaluate((el) => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(color);
      if (!match) return null;
      const parts = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: Rgba, base: Rgba): Rgba => [
      top[0] * top[3] + base[0] * (1 - top[3]),
      top[1] * top[3] + base[1] * (1 - top[3]),
      top[2] * top[3] + base[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const style = getComputedStyle(el);
    const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) || 0;
    // The background the outline is drawn on: the canvas, then every ancestor's background.
    const from = parseFloat(style.outlineOffset) < 0 ? el : el.parentElement;
    const chain: Element[] = [];
    for (let node: Element | null = from; node; node = node.parentElement) chain.unshift(node);
    let background: Rgba = [255, 255, 255, 1];
    for (const node of chain) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color && color[3] > 0) background = over(color, background);
    }
    const ringColor = parse(style.outlineColor);
    const ring = ringColor ? over(ringColor, background) : background;
    const [light, dark] = [luminance(ring), luminance(background)].sort((a, b) => b - a);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} offset ${style.outlineOffset}`,
      width,
      contrast: width > 0 ? Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100 : 1,
      colors: `${style.outlineColor} on rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
    };
  });
}
