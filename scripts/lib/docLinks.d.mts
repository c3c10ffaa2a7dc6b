export function slug(heading: string): string;
export function anchors(markdown: string): Set<string>;
export function markdownLinks(markdown: string): { line: number; target: string }[];
export function docsComments(source: string): { line: number; target: string }[];
export function checkTarget(
  root: string,
  baseDir: string,
  fromFile: string,
  target: string,
): string | null;
