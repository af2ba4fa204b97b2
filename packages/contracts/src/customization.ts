/**
 * Customisation of the members' enrol and login pages (spec sections 2, 3, 5): colours, icons
 * set, login page text and two logos. Colours and text are customer settings (`general`); the
 * logos are uploaded through `POST customers/{id}/logo/upload/` and served publicly, with the
 * rest of the branding, to the members' pages.
 */
import { z } from 'zod';
import { ICON_SETS } from './settings.ts';

export const LOGO_KINDS = ['logo', 'named_logo'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

/** Accepted image types, decided by the file's content (never its name or declared type). */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** Largest accepted file, in bytes (per file). */
export const LOGO_MAX_BYTES = 512 * 1024;

/**
 * Size rules per logo, in pixels: `max` bounds a side, `exact` fixes it. The square logo fits a
 * 512 px box; the named logo (logo and name side by side) is a 120 px high banner.
 * An SVG's size is its width/height attributes, or its viewBox when they are missing.
 */
export const LOGO_RULES = {
  logo: { width: { max: 512 }, height: { max: 512 } },
  named_logo: { width: { max: 600 }, height: { exact: 120 } },
} as const satisfies Record<LogoKind, Record<'width' | 'height', { max: number } | { exact: number }>>;

/** The colour fields of `general`, in the spec's order (their defaults are in defaultSettings). */
export const BRANDING_COLORS = [
  'primary_color',
  'secondary_color',
  'warning_color',
  'error_color',
  'background_color',
  'header_color',
] as const;
export type BrandingColor = (typeof BRANDING_COLORS)[number];

/** Answer of the logo upload: the URLs now in the settings ('' where no logo is set). */
export const logoUploadResponseSchema = z.object({ logo_url: z.string(), named_logo_url: z.string() });
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;

/**
 * What the members' pages need to look like their customer: public (`GET branding/{customerId}/`),
 * so it holds nothing that is not already on those pages.
 */
export const brandingSchema = z.object({
  customer_name: z.string(),
  language: z.string(),
  colors: z.object(
    Object.fromEntries(BRANDING_COLORS.map((c) => [c, z.string()])) as Record<BrandingColor, z.ZodString>,
  ),
  icons_set: z.enum(ICON_SETS),
  login_page_text: z.string(),
  logo_url: z.string(),
  named_logo_url: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;
