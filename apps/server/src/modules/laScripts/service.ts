/** A customer's login-assistant scripts: listed newest first, stored whole with their SHA-256. */
import { createHash } from 'node:crypto';
import type { ItemsList, LaScript } from '@portiere/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { laScripts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { dayRange, searchIn } from '../../lib/list-filters.ts';
import { paging } from '../../lib/paging.ts';
import type { ScriptUpload } from './upload.ts';

/** Every column but the content, which only a download reads. */
const listed = {
  id: laScripts.id,
  name: laScripts.name,
  version: laScripts.version,
  size: laScripts.size,
  sha256: laScripts.sha256,
  uploadedAt: laScripts.uploadedAt,
  uploadedBy: laScripts.uploadedBy,
};
type ListedRow = { [K in keyof typeof listed]: (typeof laScripts.$inferSelect)[K] };

const toScript = (r: ListedRow): LaScript => ({
  id: r.id,
  name: r.name,
  version: r.version,
  size: r.size,
  sha256: r.sha256,
  uploaded_at: r.uploadedAt.toISOString(),
  uploaded_by: r.uploadedBy,
});

const notFound = () => new AppError(404, 'scriptNotFound');

export class LaScriptsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(
    customerId: string,
    q: { page?: string; page_size?: string; search?: string; uploaded_after?: string; uploaded_before?: string },
  ): Promise<ItemsList<LaScript>> {
    const { size, offset } = paging(q);
    const where = and(
      eq(laScripts.customerId, customerId),
      searchIn(q.search, laScripts.name),
      ...dayRange(laScripts.uploadedAt, q.uploaded_after, q.uploaded_before),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(listed)
        .from(laScripts)
        .where(where)
        .orderBy(desc(laScripts.uploadedAt), desc(laScripts.id))
        .limit(size)
        .offset(offset),
      this.db.select({ n: count() }).from(laScripts).where(where),
    ]);
    return { count: total?.n ?? 0, items: rows.map(toScript) };
  }

  async create(customerId: string, upload: ScriptUpload, uploadedBy: string): Promise<LaScript> {
    const [row] = await this.db
      .insert(laScripts)
      .values({
        customerId,
        name: upload.name,
        version: upload.version,
        size: upload.content.length,
        sha256: createHash('sha256').update(upload.content).digest('hex'),
        content: upload.content,
        uploadedAt: this.now(),
        uploadedBy,
      })
      .returning(listed);
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, row.name);
    return toScript(row);
  }

  async content(customerId: string, id: string) {
    if (!isUuid(id)) throw notFound();
    const [row] = await this.db
      .select({ name: laScripts.name, sha256: laScripts.sha256, content: laScripts.content })
      .from(laScripts)
      .where(and(eq(laScripts.id, id), eq(laScripts.customerId, customerId)));
    if (!row) throw notFound();
    return row;
  }

  async remove(customerId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const [gone] = await this.db
      .delete(laScripts)
      .where(and(eq(laScripts.id, id), eq(laScripts.customerId, customerId)))
      .returning({ id: laScripts.id, name: laScripts.name });
    if (!gone) throw notFound();
    auditTarget(gone.id, gone.name);
  }
}
