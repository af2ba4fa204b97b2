export const E2E_PORT = Number(process.env.E2E_PORT || 18080);
/** Where the SMTP sink's received mails can be read over HTTP by the test workers. */
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT || 18025);
