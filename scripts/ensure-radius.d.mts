export const RADIUS: { radclient: string; pamtester: string };
export function pamRadiusPath(): string | null;
export function ensureRadius(): typeof RADIUS;
