/**
 * Turns a plain-text mail template with `{tag}` placeholders into the mail's subject, a plain
 * text part and an HTML part. The template is text (customers write it in the settings), so the
 * HTML part escapes it and every tag value; a link tag becomes an anchor, an image tag an inline
 * attachment the HTML shows through its cid.
 */
import { TEMPLATE_TAG as TAG } from '@portiere/contracts';
import escapeHtml from 'escape-html';

/** An image carried in the mail itself and shown by the HTML part (`<img src="cid:…">`). */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
  /** Shown instead of the image, and in the plain text part. */
  alt: string;
  /** What the plain text part shows in the image's place, in the mail's language (else English). */
  text?: string;
}

export type TagValue = string | number | { link: string } | { image: InlineImage };
export type Tags = Record<string, TagValue>;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Inline images the HTML part refers to. */
  attachments: InlineImage[];
}

function plain(value: TagValue): string {
  if (typeof value === 'object')
    return 'link' in value
      ? value.link
      : (value.image.text ?? `[${value.image.alt}: attached image ${value.image.filename}]`);
  return String(value);
}

function html(value: TagValue): string {
  if (typeof value !== 'object') return escapeHtml(String(value));
  if ('link' in value) return `<a href="${escapeHtml(value.link)}">${escapeHtml(value.link)}</a>`;
  const { cid, alt } = value.image;
  return `<img src="cid:${escapeHtml(cid)}" alt="${escapeHtml(alt)}" width="240" height="240">`;
}

/**
 * A tag's value: own keys only, as a template may name any key (`{__proto__}`, `{constructor}`);
 * undefined for a tag the mail does not have, which then stays as written.
 */
const tagValue = (tags: Tags, key: string): TagValue | undefined => (Object.hasOwn(tags, key) ? tags[key] : undefined);

/** Fills `{tag}` placeholders with plain text; an unknown tag stays as written. */
export function render(template: string, tags: Tags): string {
  return template.replace(TAG, (m, k: string) => {
    const value = tagValue(tags, k);
    return value === undefined ? m : plain(value);
  });
}

/** The HTML of one paragraph: escaped text, tags as HTML, line breaks kept. */
function htmlParagraph(text: string, tags: Tags, used: Set<string>): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    const key = m[1] as string;
    const value = tagValue(tags, key);
    out += escapeHtml(text.slice(at, m.index));
    if (value !== undefined) {
      out += html(value);
      used.add(key);
    } else out += escapeHtml(m[0]);
    at = m.index + m[0].length;
  }
  out += escapeHtml(text.slice(at));
  return `<p>${out.replace(/\r?\n/g, '<br>\n')}</p>`;
}

export function composeMail(template: { subject: string; content: string }, tags: Tags): MailContent {
  const subject = render(template.subject, tags);
  const used = new Set<string>();
  const paragraphs = template.content
    .trim()
    .split(/(?:\r?\n){2,}/)
    .map((p) => htmlParagraph(p, tags, used));
  const attachments = [...used].flatMap((k) => {
    const v = tags[k];
    return typeof v === 'object' && 'image' in v ? [v.image] : [];
  });
  return {
    subject,
    text: render(template.content, tags),
    html: `<!doctype html>
<html>
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5">
${paragraphs.join('\n')}
</body>
</html>
`,
    attachments,
  };
}

export const LOGIN_OTP_MAIL = {
  subject: 'Your Portiere sign-in code: {otp}',
  content:
    'Hello {username},\n\nyour Portiere sign-in code is {otp}.\nIt is valid for {minutes} minutes and can be used once.\n\nIf you did not try to sign in, change your password and tell your administrator.\n',
};
