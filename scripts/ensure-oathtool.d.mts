export const OATHTOOL: { oathtool: string };
export function ensureOathtool(): typeof OATHTOOL;
