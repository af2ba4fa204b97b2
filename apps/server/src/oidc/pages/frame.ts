/**
 * The frame of the provider's own pages: the customer's band (logo or name), a card, the footer,
 * in the customer's colours (the portal's CSS variables, contracts brandingColors.ts) and the
 * page's language. Plain HTML with an inline style sheet (the CSP allows inline styles, not
 * scripts) and no outside resources.
 */
import type { Branding } from '@portiere/contracts';
import { brandingVariables } from '@portiere/contracts/brandingColors';
import escapeHtml from 'escape-html';
import type { PageLanguage } from './text.ts';

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;background:var(--pt-background);color:var(--pt-on-background);overflow-wrap:anywhere}
.shell{min-height:100vh;display:flex;flex-direction:column}
.banner{background:var(--pt-header);color:var(--pt-on-header);padding:.75rem 1rem;min-height:4rem;display:flex;align-items:center}
.brand-logo{display:block;max-height:3rem;max-width:100%;height:auto}
.brand-name{font-size:1.25rem;font-weight:600}
main{flex:1;width:100%;max-width:40rem;margin:0 auto;padding:1rem}
.card{background:var(--pt-surface);color:var(--pt-on-surface);border-radius:.75rem;padding:1.25rem 1rem;box-shadow:0 1px 3px rgb(0 0 0/.12)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
.actions{display:grid;gap:.75rem}
.btn{font:inherit;font-weight:600;border-radius:.5rem;padding:.625rem 1rem;min-height:2.75rem;cursor:pointer;border:2px solid var(--pt-accent);width:100%}
.btn-primary{background:var(--pt-primary);border-color:var(--pt-primary);color:var(--pt-on-primary)}
.btn-secondary{background:var(--pt-surface);color:var(--pt-accent)}
.btn:focus-visible{outline:3px solid var(--pt-focus);outline-offset:2px}
details{margin-top:1rem;font-size:.875rem}
footer{text-align:center;font-size:.875rem;padding:1rem}`;

export interface Frame {
  lang: PageLanguage;
  title: string;
  /** The card's content: already escaped HTML. */
  body: string;
  branding: Branding | null;
  securedBy: string;
}

export function page({ lang, title, body, branding, securedBy }: Frame): string {
  const variables = Object.entries(brandingVariables(branding?.colors))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const logo = branding?.named_logo_url || branding?.logo_url;
  const brand = logo
    ? `<img class="brand-logo" src="${escapeHtml(logo)}" alt="${escapeHtml(branding?.customer_name ?? '')}">`
    : branding
      ? `<span class="brand-name">${escapeHtml(branding.customer_name)}</span>`
      : '';
  return `<!DOCTYPE html>
<html lang="${lang}" style="${escapeHtml(variables)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="shell"><header class="banner">${brand}</header>
<main><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main>
<footer>${escapeHtml(securedBy)}</footer></div></body></html>`;
}
