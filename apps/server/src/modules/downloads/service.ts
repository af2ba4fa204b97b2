/**
 * Downloads of a customer user: the client links configured for the deployment and, when the
 * customer has the login assistant, the scripts its reseller uploaded for it.
 */
import { DOWNLOAD_SCRIPTS_SHOWN, type Downloads } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { assertLaEnabled } from '../../plugins/la-guard.ts';
import type { LaScriptsService } from '../laScripts/service.ts';

export interface ClientUrls {
  workstation: string | null;
  loginAssistant: string | null;
}

export class DownloadsService {
  constructor(
    private readonly db: Db,
    private readonly scripts: LaScriptsService,
    private readonly clientUrls: ClientUrls,
  ) {}

  async get(customerId: string): Promise<Downloads> {
    const [customer] = await this.db
      .select({ laEnabled: customers.laEnabled })
      .from(customers)
      .where(eq(customers.id, customerId));
    const laEnabled = Boolean(customer?.laEnabled);
    // Scripts only for a customer with the login assistant (the reseller's page has the same rule).
    const scripts = laEnabled
      ? await this.scripts.list(customerId, { page_size: String(DOWNLOAD_SCRIPTS_SHOWN) })
      : { count: 0, items: [] };
    return {
      clients: {
        workstation: this.clientUrls.workstation,
        login_assistant: laEnabled ? this.clientUrls.loginAssistant : null,
      },
      la_enabled: laEnabled,
      scripts: scripts.items,
      scripts_count: scripts.count,
    };
  }

  /** One script of the caller's customer: 403 laDisabled without the login assistant, 404 another's. */
  async script(customerId: string, scriptId: string) {
    await assertLaEnabled(this.db, customerId);
    return this.scripts.content(customerId, scriptId);
  }
}
