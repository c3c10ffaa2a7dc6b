export function resolveHaproxy(options?: { install?: boolean }): string;
