export const PAM: { pamtester: string };
export function pamExecPath(): string | null;
export function ensurePam(): typeof PAM;
