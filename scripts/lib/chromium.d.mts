export function resolveChromium(options?: { install?: boolean }): string;
