export const APACHE: { httpd: string; modules: string; authOpenidc: string };
export function ensureApache(): typeof APACHE;
