/**
 * The few pages the provider renders itself (the sign-in pages are the portal's): its error
 * page, the logout confirmation and the page after logout. Branded like the sign-in pages with
 * the customer of the application concerned (neutral colours when none is known), in English or
 * Italian (text.ts).
 */
import type { Branding } from '@portiere/contracts';
import escapeHtml from 'escape-html';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { portiereOf } from '../clients.ts';
import { page } from './frame.ts';
import { PAGE_TEXT, type PageText, pageLanguage } from './text.ts';

/** A customer's branding, or null when it cannot be had (the page then wears neutral colours). */
export type BrandingOf = (customerId: string) => Promise<Branding | null>;

/** The pages' branding, language and words for the request's application, if one is known. */
async function dressFor(ctx: KoaContextWithOIDC, brandingOf: BrandingOf) {
  let client: object | undefined;
  let params: Record<string, unknown> | undefined;
  try {
    client = ctx.oidc?.client;
    params = ctx.oidc?.params as Record<string, unknown> | undefined;
  } catch {
    // An error before the provider made its context: no client to dress for.
  }
  const customerId = portiereOf(client)?.customerId;
  const branding = customerId ? await brandingOf(customerId).catch(() => null) : null;
  const lang = pageLanguage(params?.ui_locales, ctx.get('accept-language'), branding?.language);
  const text: PageText = PAGE_TEXT[lang];
  const clientName = (client as { clientName?: string } | undefined)?.clientName ?? null;
  return { branding, lang, text, clientName };
}

/** Answers the page in the request's dress. */
function answer(ctx: KoaContextWithOIDC, dress: Awaited<ReturnType<typeof dressFor>>, title: string, body: string) {
  const { branding, lang, text } = dress;
  ctx.type = 'html';
  ctx.body = page({ lang, branding, title, body, securedBy: text.securedBy });
}

function errorKind(error: string, description: string): keyof PageText['errors'] {
  if (/session|interaction|expired/i.test(description)) return 'session_expired';
  if (error === 'access_denied') return 'access_denied';
  if (error === 'invalid_client' || error === 'unauthorized_client') return 'invalid_client';
  if (error.startsWith('invalid_') || error.startsWith('unsupported_')) return 'invalid_request';
  return 'other';
}

export function providerPages(brandingOf: BrandingOf) {
  const renderError: NonNullable<Configuration['renderError']> = async (ctx, out) => {
    const dress = await dressFor(ctx, brandingOf);
    const { text } = dress;
    const error = String(out.error ?? 'server_error');
    const description = String(out.error_description ?? '');
    // The protocol's own words stay in English: marked so, for screen readers.
    answer(
      ctx,
      dress,
      text.errorTitle,
      `<p>${escapeHtml(text.errors[errorKind(error, description)])}</p>
<details><summary>${escapeHtml(text.technicalDetails)}</summary><p lang="en"><code>${escapeHtml(error)}</code>${description ? `: ${escapeHtml(description)}` : ''}</p></details>`,
    );
  };

  /** The RP-initiated logout's confirmation: `form` posts the provider's own hidden fields. */
  async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
    const dress = await dressFor(ctx, brandingOf);
    const { text } = dress;
    answer(
      ctx,
      dress,
      text.signOutTitle,
      `${form}<p>${escapeHtml(text.signOutQuestion(dress.clientName))}</p><div class="actions">
<button class="btn btn-primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(text.signOutYes)}</button>
<button class="btn btn-secondary" type="submit" form="op.logoutForm">${escapeHtml(text.signOutNo)}</button></div>`,
    );
  }

  /**
   * After a logout the RP named no post_logout_redirect_uri for: the application's
   * redirectUriSuccessLoginFlow where set, else a short page.
   */
  async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
    const success = portiereOf(ctx.oidc.client)?.successUri;
    if (success) {
      ctx.status = 303;
      ctx.redirect(success);
      return;
    }
    const dress = await dressFor(ctx, brandingOf);
    answer(ctx, dress, dress.text.signedOutTitle, `<p>${escapeHtml(dress.text.signedOutText)}</p>`);
  }

  return { renderError, logoutSource, postLogoutSuccessSource };
}
