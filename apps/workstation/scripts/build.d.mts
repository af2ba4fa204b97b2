export const CLIENT: string;
export function buildClient(): Promise<string>;
