export const E2E_PORT = Number(process.env.E2E_PORT || 18080);
/** The product's RADIUS server (UDP), which the RADIUS spec's radclient talks to. */
export const RADIUS_PORT = Number(process.env.E2E_RADIUS_PORT || 18812);
/** Where the SMTP sink's received mails can be read over HTTP by the test workers. */
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT || 18025);
/**
 * Where browsers and clients reach the product, and its PUBLIC_URL: a host name, since WebAuthn
 * takes no IP address as relying party (localhost is a secure context over plain HTTP).
 */
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
