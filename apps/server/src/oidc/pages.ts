/**
 * The few pages the provider renders itself (the sign-in pages are the portal's): its error
 * page, the logout confirmation and the page after logout. Plain HTML without outside resources.
 */
import escapeHtml from 'escape-html';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { portiereOf } from './clients.ts';

const page = (title: string, body: string) => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;width:100%}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

export const renderError: NonNullable<Configuration['renderError']> = async (ctx, out) => {
  ctx.type = 'html';
  ctx.body = page(
    'Sign-in error',
    `<p>${escapeHtml(String(out.error_description ?? out.error ?? 'An error has occurred'))}</p><p><code>${escapeHtml(String(out.error ?? ''))}</code></p>`,
  );
};

/** The RP-initiated logout's confirmation: `form` posts the provider's own hidden fields. */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `${form}<p>Do you want to sign out?</p>
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
  );
}

/**
 * After a logout the RP named no post_logout_redirect_uri for: the application's
 * redirectUriSuccessLoginFlow where set, else a short page.
 */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  const success = portiereOf(ctx.oidc.client)?.successUri;
  if (success) {
    ctx.status = 303;
    ctx.redirect(success);
    return;
  }
  ctx.type = 'html';
  ctx.body = page('Signed out', '<p>You are signed out. You can close this page.</p>');
}
