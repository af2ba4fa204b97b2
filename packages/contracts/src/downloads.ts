/**
 * Downloads (spec 2's "Downloads" route title; its path is ours): what a customer user must
 * install or hand out. Calls (customer users, their own customer only):
 * - `GET downloads/` → the client links configured for the deployment and, when the customer
 *   has the login assistant, the scripts its reseller uploaded for it (newest first);
 * - `GET downloads/scripts/{scriptId}/` → one of those scripts as an attachment (403 laDisabled
 *   without the login assistant, 404 for a script of another customer).
 */
import { z } from 'zod';
import { laScriptSchema } from './laScripts.ts';

/** At most this many scripts are listed (newest first); `scripts_count` says how many there are. */
export const DOWNLOAD_SCRIPTS_SHOWN = 100;

export const downloadsSchema = z.object({
  /** Where the clients are downloaded from (WORKSTATION_CLIENT_URL, LA_CLIENT_URL); null when not configured. */
  clients: z.object({
    workstation: z.string().nullable(),
    /** Null as well for a customer without the login assistant. */
    login_assistant: z.string().nullable(),
  }),
  la_enabled: z.boolean(),
  scripts: z.array(laScriptSchema),
  scripts_count: z.number().int(),
});
export type Downloads = z.infer<typeof downloadsSchema>;
