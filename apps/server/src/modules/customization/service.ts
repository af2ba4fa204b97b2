/**
 * Customisation of the members' pages: the logo upload (checked whole before anything is
 * stored), and the public branding and logo images those pages load.
 */
import { createHash } from 'node:crypto';
import {
  BRANDING_COLORS,
  type Branding,
  type FieldError,
  LOGO_KINDS,
  type LogoKind,
  type LogoUploadResponse,
} from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { auditDetails } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { customerImages, customers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { effectiveSettings } from '../settings/effective.ts';
import type { SettingsService } from '../settings/service.ts';
import { type CheckedImage, checkLogo } from './image-check.ts';
import type { LogoFiles } from './uploads.ts';

/**
 * Where a stored logo is served: a path on this server, so it loads at whatever address the
 * pages are opened; the version changes with the bytes, so caches never show an old logo.
 */
export const logoPath = (customerId: string, kind: LogoKind, sha256: string) =>
  `/api/v1/branding/${customerId}/logo/${kind}/?v=${sha256.slice(0, 12)}`;

export class CustomizationService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Both files pass or nothing changes: images and settings are written in the route's transaction. */
  async uploadLogos(customerId: string, files: LogoFiles): Promise<LogoUploadResponse> {
    const kinds = LOGO_KINDS.filter((kind) => files[kind]);
    if (!kinds.length) throw new AppError(400, 'imagesMissing');
    const checked: Partial<Record<LogoKind, CheckedImage>> = {};
    const errors: Record<string, FieldError> = {};
    for (const kind of kinds) {
      const result = checkLogo(kind, files[kind] as Buffer);
      if ('key' in result) errors[kind] = result;
      else checked[kind] = result;
    }
    if (Object.keys(errors).length) throw new AppError(400, 'imagesUploaded', undefined, errors);

    const urls: Partial<Record<`${LogoKind}_url`, string>> = {};
    const uploaded = [];
    for (const kind of kinds) {
      const bytes = files[kind] as Buffer;
      const image = checked[kind] as CheckedImage;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const row = { ...image, bytes, sha256, updatedAt: this.now() };
      await this.db
        .insert(customerImages)
        .values({ customerId, kind, ...row })
        .onConflictDoUpdate({ target: [customerImages.customerId, customerImages.kind], set: row });
      urls[`${kind}_url`] = logoPath(customerId, kind, sha256);
      uploaded.push({
        kind,
        media_type: image.mediaType,
        width: image.width,
        height: image.height,
        bytes: bytes.length,
      });
    }
    // Through the settings service, so the stored settings stay whole and the change is audited.
    const { settings } = await this.settings.patch(customerId, { general: urls });
    auditDetails({ uploaded });
    return { logo_url: settings.general.logo_url, named_logo_url: settings.general.named_logo_url };
  }

  /** What the members' pages show of their customer; 404 for an id that names no customer. */
  async branding(customerId: string): Promise<Branding> {
    if (!isUuid(customerId)) throw notFound();
    const [row] = await this.db
      .select({ name: customers.name, settings: customers.settings })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!row) throw notFound();
    const { general } = effectiveSettings(row.settings);
    return {
      customer_name: row.name,
      language: general.language,
      colors: Object.fromEntries(BRANDING_COLORS.map((c) => [c, general[c]])) as Branding['colors'],
      icons_set: general.icons_set,
      login_page_text: general.login_page_text,
      logo_url: general.logo_url,
      named_logo_url: general.named_logo_url,
    };
  }

  /** A stored logo; 404 when the customer has none of that kind (or does not exist). */
  async logo(customerId: string, kind: LogoKind) {
    if (!isUuid(customerId)) throw notFound();
    const [row] = await this.db
      .select({ mediaType: customerImages.mediaType, bytes: customerImages.bytes, sha256: customerImages.sha256 })
      .from(customerImages)
      .where(and(eq(customerImages.customerId, customerId), eq(customerImages.kind, kind)));
    if (!row) throw notFound();
    return row;
  }
}
