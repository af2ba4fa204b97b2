/**
 * A SAML request as the web sign-in's target (modules/webLogin/target.ts): its application, its
 * expiry, whether it asked for REFEDS MFA; at the end the outcome is kept for the response, and
 * the browser goes to the form that posts it (routes.ts). An abort answers the provider with
 * AuthnFailed, unless the application sends aborted sign-ins elsewhere.
 */
import type { SignInTarget, SignInTargets } from '../modules/webLogin/target.ts';
import type { SamlIdentityProvider } from './service.ts';

export function samlTargets(saml: SamlIdentityProvider, expired: () => Error): SignInTargets {
  return async (uid) => {
    const pending = await saml.pending(uid);
    if (!pending) return null;
    const { row, app } = pending;
    const target: SignInTarget = {
      app,
      expiresAt: row.expiresAt,
      multiFactor: row.multiFactor,
      conclude: async (result) => {
        const outcome = result.login
          ? { memberId: result.login.accountId, amr: result.login.amr, acr: result.login.acr }
          : {
              failed:
                result.error === 'unmet_authentication_requirements'
                  ? ('NoAuthnContext' as const)
                  : ('AuthnFailed' as const),
            };
        if (!(await saml.conclude(uid, outcome))) throw expired();
        return saml.resumeUrl(uid);
      },
      abort: async () => {
        if (!(await saml.conclude(uid, { failed: 'AuthnFailed' }))) throw expired();
        return app.redirectUriAbortLoginFlow || saml.resumeUrl(uid);
      },
    };
    return target;
  };
}
