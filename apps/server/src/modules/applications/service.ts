/**
 * Applications (spec 3, 5): OpenID Connect clients. The client id is generated here; a
 * confidential client's secret is shown once (creation, regeneration) and kept as a hash.
 */
import { X509Certificate } from 'node:crypto';
import {
  APPLICATION_TYPES,
  type Application,
  type ApplicationInput,
  type ApplicationListQuery,
  type ApplicationPatch,
  type ApplicationType,
  type ApplicationWithSecret,
  applicationFieldErrors,
  CONFIDENTIAL_APPLICATION_TYPES,
  type FieldError,
  fieldError,
  oidcDiscoveryUrl,
  type SamlServiceProvider,
  samlPaths,
  samlServiceProviderSchema,
} from '@portiere/contracts';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { applications, flows } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';
import { newClientId, newClientSecret } from './secret.ts';

type AppRow = typeof applications.$inferSelect;

/** A clash on the name, or on a SAML provider's entity ID (applications_saml_entity_idx). */
const taken = (constraint: string | undefined) =>
  constraint === 'applications_saml_entity_idx'
    ? new AppError(409, 'conflict', undefined, { 'saml.entityId': fieldError('samlEntityIdExists') })
    : new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });
const isConfidential = (type: ApplicationType) => CONFIDENTIAL_APPLICATION_TYPES.includes(type);

const base = alias(applications, 'base');

export class ApplicationsService {
  /** `issuer`: the OpenID provider's (oidc/issuer.ts), which every application answer names. */
  constructor(
    private readonly db: Db,
    private readonly issuer: string,
    private readonly publicUrl: string,
  ) {}

  // Written out: drizzle may leave the outer column unqualified, and "id" would then name the subquery's own.
  private rolesCount = sql<number>`(select count(*)::int from app_roles r where r.application_id = applications.id)`;

  /** Rows with their base and default flow names, and how many app roles use them. */
  private select(where: SQL | undefined) {
    return this.db
      .select({
        a: applications,
        base: { id: base.id, name: base.name },
        flow: { id: flows.id, name: flows.name },
        roles: this.rolesCount,
      })
      .from(applications)
      .leftJoin(base, eq(base.id, applications.baseApplicationId))
      .leftJoin(flows, eq(flows.id, applications.defaultFlowId))
      .where(where);
  }

  private toApplication(r: {
    a: AppRow;
    base: { id: string; name: string } | null;
    flow: { id: string; name: string } | null;
    roles: number;
  }): Application {
    const a = r.a;
    return {
      id: a.id,
      name: a.name,
      type: a.type,
      baseApplicationId: a.baseApplicationId,
      baseApplication: r.base?.id ? { id: r.base.id, name: r.base.name } : null,
      clientId: a.clientId,
      hasClientSecret: a.clientSecretHash !== null,
      redirectUri: a.redirectUri,
      callbackUrlSuccessfulLoginFlow: a.callbackUrlSuccessfulLoginFlow,
      redirectUriSuccessLoginFlow: a.redirectUriSuccessLoginFlow,
      redirectUriAbortLoginFlow: a.redirectUriAbortLoginFlow,
      defaultFlowId: a.defaultFlowId,
      defaultFlow: r.flow?.id ? { id: r.flow.id, name: r.flow.name } : null,
      app_roles_count: Number(r.roles),
      created_at: a.createdAt.toISOString(),
      issuer: this.issuer,
      discoveryUrl: oidcDiscoveryUrl(this.issuer),
      saml: a.type === 'saml' && a.saml ? samlServiceProviderSchema.parse(a.saml) : null,
      samlIdentityProvider: a.type === 'saml' ? this.identityProvider(a.customerId, a.id) : null,
    };
  }

  /** The customer's identity provider, as a service provider is set up with it. */
  private identityProvider(customerId: string, applicationId: string) {
    const at = (path: string) => `${this.publicUrl}${path}`;
    return {
      entityId: at(samlPaths.metadata(customerId)),
      metadataUrl: at(samlPaths.metadata(customerId)),
      ssoUrl: at(samlPaths.sso(customerId)),
      sloUrl: at(samlPaths.slo(customerId)),
      startUrl: at(samlPaths.start(customerId, applicationId)),
    };
  }

  async list(customerId: string, q: Partial<ApplicationListQuery>) {
    const { page: p, size, offset } = paging(q);
    const parts: (SQL | undefined)[] = [eq(applications.customerId, customerId)];
    const search = q.search?.trim();
    if (search) parts.push(or(ilike(applications.name, likeOf(search)), ilike(applications.clientId, likeOf(search))));
    if (q.type) {
      const wanted = q.type.split(',').map((t) => t.trim());
      const types = APPLICATION_TYPES.filter((t) => wanted.includes(t));
      parts.push(types.length ? inArray(applications.type, types) : sql`false`);
    }
    const where = and(...parts);
    const rows = await this.select(where)
      .orderBy(asc(sql`lower(${applications.name})`), asc(applications.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(applications).where(where);
    return page(
      rows.map((r) => this.toApplication(r)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  row(customerId: string, id: string): Promise<AppRow> {
    return customerRow(this.db, applications, customerId, id);
  }

  async get(customerId: string, id: string): Promise<Application> {
    if (!isUuid(id)) throw notFound();
    const [r] = await this.select(and(eq(applications.id, id), eq(applications.customerId, customerId)));
    if (!r) throw notFound();
    return this.toApplication(r);
  }

  /** The base must be the customer's, and (for an existing application) not itself or derived from it. */
  private async checkBase(customerId: string, baseId: string, selfId: string | null) {
    const own = isUuid(baseId)
      ? await this.db
          .select({ id: applications.id })
          .from(applications)
          .where(and(eq(applications.id, baseId), eq(applications.customerId, customerId)))
      : [];
    if (!own.length) {
      throw new AppError(400, 'applicationNotFound', undefined, { baseApplicationId: fieldError('invalid') });
    }
    if (!selfId) return;
    // Base changes of one customer take turns (the lock lasts until the request's transaction
    // ends), so two concurrent changes cannot each pass this check and close a cycle together.
    await this.db.execute(sql`select 1 from customers where id = ${customerId} for no key update`);
    // Walk up from the proposed base: meeting this application would make a cycle.
    const seen = new Set<string>();
    for (let at: string | null = baseId; at && !seen.has(at); ) {
      if (at === selfId) {
        throw new AppError(400, 'baseApplicationInvalid', undefined, { baseApplicationId: fieldError('invalid') });
      }
      seen.add(at);
      const [up]: { up: string | null }[] = await this.db
        .select({ up: applications.baseApplicationId })
        .from(applications)
        .where(eq(applications.id, at));
      at = up?.up ?? null;
    }
  }

  private async checkFlow(customerId: string, flowId: string) {
    const own = isUuid(flowId)
      ? await this.db
          .select({ id: flows.id })
          .from(flows)
          .where(and(eq(flows.id, flowId), eq(flows.customerId, customerId)))
      : [];
    if (!own.length) throw new AppError(400, 'flowNotFound', undefined, { defaultFlowId: fieldError('invalid') });
  }

  async create(customerId: string, input: ApplicationInput): Promise<ApplicationWithSecret> {
    const saml = input.type === 'saml' ? samlOf(input.saml) : null;
    const errors = { ...applicationFieldErrors(input, input.type), ...certificateErrors(saml) };
    if (input.type !== 'saml' && input.saml) errors.saml = fieldError('invalid');
    if (Object.keys(errors).length) throw validationError(errors, 'applicationCreateFailed');
    if (input.baseApplicationId) await this.checkBase(customerId, input.baseApplicationId, null);
    if (input.defaultFlowId) await this.checkFlow(customerId, input.defaultFlowId);
    const secret = isConfidential(input.type) ? newClientSecret() : null;
    const [row] = await orConflict(
      () =>
        this.db
          .insert(applications)
          .values({
            customerId,
            name: input.name.trim(),
            type: input.type,
            baseApplicationId: input.baseApplicationId || null,
            clientId: newClientId(),
            clientSecretHash: secret?.hash ?? null,
            redirectUri: input.redirectUri,
            callbackUrlSuccessfulLoginFlow: input.callbackUrlSuccessfulLoginFlow,
            redirectUriSuccessLoginFlow: input.redirectUriSuccessLoginFlow,
            redirectUriAbortLoginFlow: input.redirectUriAbortLoginFlow,
            defaultFlowId: input.defaultFlowId || null,
            saml,
          })
          .returning({ id: applications.id }),
      taken,
    );
    if (!row) throw new Error('insert failed');
    return { ...(await this.get(customerId, row.id)), clientSecret: secret?.secret ?? null };
  }

  async update(customerId: string, id: string, patch: ApplicationPatch): Promise<Application> {
    const row = await this.row(customerId, id);
    const before = await this.get(customerId, id);
    const type = patch.type ?? row.type;
    // A new type, or a base given up, re-checks the stored redirect URI against the rules.
    const recheck = patch.type !== undefined || patch.baseApplicationId !== undefined;
    const checked = { ...patch, redirectUri: patch.redirectUri ?? (recheck ? row.redirectUri : undefined) };
    const derived = patch.baseApplicationId !== undefined ? !!patch.baseApplicationId : !!row.baseApplicationId;
    // The provider's fields merge into what is stored; a type changed away from saml drops them.
    const saml = type === 'saml' ? samlOf(patch.saml ? { ...(row.saml ?? {}), ...patch.saml } : row.saml) : null;
    const samlChecked = patch.saml || (patch.type === 'saml' && row.type !== 'saml') ? (saml ?? {}) : undefined;
    const errors: Record<string, FieldError> = {
      ...applicationFieldErrors({ ...checked, saml: samlChecked }, type, derived),
      ...(samlChecked ? certificateErrors(saml) : {}),
    };
    if (type !== 'saml' && patch.saml) errors.saml = fieldError('invalid');
    if (type === 'saml' && !saml) errors['saml.entityId'] ??= fieldError('required');
    if (Object.keys(errors).length) throw validationError(errors);
    if (patch.baseApplicationId) await this.checkBase(customerId, patch.baseApplicationId, id);
    if (patch.defaultFlowId) await this.checkFlow(customerId, patch.defaultFlowId);

    const set: Partial<typeof applications.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name.trim();
    if (patch.type !== undefined) {
      set.type = patch.type;
      // A public client has no secret; a client made confidential gets one only through secret/.
      if (!isConfidential(patch.type)) set.clientSecretHash = null;
    }
    if (patch.baseApplicationId !== undefined) set.baseApplicationId = patch.baseApplicationId || null;
    if (patch.redirectUri !== undefined) set.redirectUri = patch.redirectUri;
    if (patch.callbackUrlSuccessfulLoginFlow !== undefined)
      set.callbackUrlSuccessfulLoginFlow = patch.callbackUrlSuccessfulLoginFlow;
    if (patch.redirectUriSuccessLoginFlow !== undefined)
      set.redirectUriSuccessLoginFlow = patch.redirectUriSuccessLoginFlow;
    if (patch.redirectUriAbortLoginFlow !== undefined) set.redirectUriAbortLoginFlow = patch.redirectUriAbortLoginFlow;
    if (patch.defaultFlowId !== undefined) set.defaultFlowId = patch.defaultFlowId || null;
    if (patch.saml || patch.type !== undefined) set.saml = saml;
    if (Object.keys(set).length) {
      set.updatedAt = new Date();
      await orConflict(() => this.db.update(applications).set(set).where(eq(applications.id, id)), taken);
    }
    const after = await this.get(customerId, id);
    auditChange(before, after);
    return after;
  }

  /** A new secret replaces the old one, which stops working at once. */
  async regenerateSecret(customerId: string, id: string): Promise<ApplicationWithSecret> {
    const row = await this.row(customerId, id);
    if (!isConfidential(row.type)) throw new AppError(409, 'publicClientNoSecret');
    const secret = newClientSecret();
    await this.db
      .update(applications)
      .set({ clientSecretHash: secret.hash, updatedAt: new Date() })
      .where(eq(applications.id, id));
    auditTarget(row.id, row.name);
    return { ...(await this.get(customerId, id)), clientSecret: secret.secret };
  }

  /** Its app roles go with it; applications derived from it must be changed or deleted first. */
  async remove(customerId: string, id: string): Promise<void> {
    const row = await this.row(customerId, id);
    const [derived] = await this.db
      .select({ n: count() })
      .from(applications)
      .where(eq(applications.baseApplicationId, id));
    const n = derived?.n ?? 0;
    if (n > 0) throw new AppError(409, 'applicationInUse', { count: n });
    auditTarget(row.id, row.name);
    await this.db.delete(applications).where(eq(applications.id, id));
  }
}

/** A provider's fields with their defaults, or null when they are missing or do not parse. */
function samlOf(value: unknown): SamlServiceProvider | null {
  const parsed = samlServiceProviderSchema.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** Certificates the contract's pattern lets through must also parse as X.509. */
function certificateErrors(saml: SamlServiceProvider | null): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const key of ['certificate', 'encryptionCertificate'] as const) {
    const pem = saml?.[key];
    if (!pem) continue;
    try {
      new X509Certificate(pem);
    } catch {
      errors[`saml.${key}`] = fieldError('certificate');
    }
  }
  return errors;
}
