/**
 * An OpenID provider interaction as a web sign-in's target: its client's application, its expiry,
 * its acr_values, and at the end its result saved for the provider to resume with (the resume
 * cookie binds it to the browser that started).
 */
import type { Interaction } from 'oidc-provider';
import type { OidcProvider } from '../../oidc/provider.ts';
import { requiresMultiFactor } from '../../signIn/factors.ts';
import type { SignInResult, SignInTarget, SignInTargets } from './target.ts';

/** The interaction's result, saved until it expires; false when it already has. */
async function save(interaction: Interaction, result: Interaction['result']): Promise<boolean> {
  const ttl = interaction.exp - Math.floor(Date.now() / 1000);
  if (ttl <= 0) return false;
  interaction.result = result;
  await interaction.save(ttl);
  return true;
}

export function oidcTargets(oidc: OidcProvider, expired: () => Error): SignInTargets {
  return async (uid) => {
    const provider = await oidc.provider();
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.result) return null;
    const app = await oidc.clients.application(String(interaction.params.client_id ?? ''));
    if (!app || app.type === 'machine' || app.type === 'radius' || app.type === 'saml') return null;
    const target: SignInTarget = {
      app,
      expiresAt: new Date(interaction.exp * 1000),
      multiFactor: requiresMultiFactor(interaction.params.acr_values),
      conclude: async (result: SignInResult) => {
        if (!(await save(interaction, result as Interaction['result']))) throw expired();
        return interaction.returnTo;
      },
      abort: async () => {
        const saved = await save(interaction, {
          error: 'access_denied',
          error_description: 'End-User aborted interaction',
        });
        if (!saved) throw expired();
        // Where the application wants aborted sign-ins; else back to it through the provider (access_denied).
        return app.redirectUriAbortLoginFlow || interaction.returnTo;
      },
    };
    return target;
  };
}
