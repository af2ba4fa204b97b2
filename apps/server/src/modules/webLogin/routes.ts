/**
 * The web login's calls: signin/{uid}/..., the portal's sign-in pages. Public to the staff auth
 * guard (the interaction's uid, random and short-lived, names the sign-in) and limited per
 * address, with room for the page's polling while an app approves (modules/device).
 */
import {
  apiErrorSchema,
  ERRORS,
  SIGNIN_MAX_FAILURES,
  signInCardSchema,
  signInIdentifySchema,
  signInRedirectSchema,
  signInSendSchema,
  signInSentSchema,
  signInStateSchema,
  signInStepResultSchema,
  signInVerifySchema,
  webauthnOptionsSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';

const uidParams = z.object({ uid: z.string() });

const NOT_YET = 'a sign-in in progress: its outcome is recorded when an answer ends it (verify/, signin.*)';
const UID =
  'The uid of the provider interaction the browser was sent to (`/signin/<uid>`). An unknown, expired or ' +
  'finished one answers 404 signInExpired; a spent one the 403 that ended it.';

/** `perAddress`: requests per address and minute on each route. */
export const webLoginRoutes =
  (services: Services, perAddress: number): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['signin'];
    const open = { auth: 'public', rateLimit: { max: perAddress, timeWindow: '1 minute' } } as const;
    const s = services.webLogin;

    app.get(
      '/signin/:uid/',
      {
        config: { ...open, errors: [403, 404] },
        schema: {
          tags,
          summary: 'The sign-in of an interaction: its customer, application and where it stands',
          description: `403 signInNoFlow when the application has no sign-in flow at all. ${UID}`,
          params: uidParams,
          response: { 200: signInStateSchema },
        },
      },
      (req) => s.state(req.params.uid),
    );

    app.post(
      '/signin/:uid/identify/',
      {
        config: { ...open, errors: [403, 404, 409], audit: { none: NOT_YET } },
        schema: {
          tags,
          summary: 'Say who signs in: the first stage of their flow',
          description:
            'Looks the member up by what the customer asks for (settings username_text) in the customer of the ' +
            'client only. Anyone gets the first stage: an unknown username walks a flow like a member. 409 once a ' +
            `first answer was right. ${UID}`,
          params: uidParams,
          body: signInIdentifySchema,
          response: { 200: signInStateSchema },
        },
      },
      (req) => s.identify(req.params.uid, req.body.username),
    );

    app.post(
      '/signin/:uid/card/',
      {
        config: { ...open, errors: [403, 404, 409], audit: { none: NOT_YET } },
        schema: {
          tags,
          summary: 'Say who signs in with a temporary card',
          description: `A paired, unexpired card identifies its member; an unknown card walks on like an unknown username. ${UID}`,
          params: uidParams,
          body: signInCardSchema,
          response: { 200: signInStateSchema },
        },
      },
      (req) => s.card(req.params.uid, req.body.cardCode),
    );

    app.post(
      '/signin/:uid/send/',
      {
        config: { ...open, errors: [403, 404, 429], audit: { none: NOT_YET } },
        schema: {
          tags,
          summary: "Send a mail or SMS code, or ask the member's app",
          description:
            'When the current stage offers the kind. Answers 202 whether or not anything went out (an unknown ' +
            'member, no such credential), and `sent_to` is empty until a first answer was right, so that it tells ' +
            'no one who exists. Once a minute per kind (429 signInResendTooSoon). ' +
            UID,
          params: uidParams,
          body: signInSendSchema,
          response: { 202: signInSentSchema },
        },
      },
      async (req, reply) => reply.status(202).send(await s.send(req.params.uid, req.body.kind, req.ip)),
    );

    app.post(
      '/signin/:uid/webauthn/',
      {
        config: { ...open, errors: [400, 403, 404], audit: { none: NOT_YET } },
        schema: {
          tags,
          summary: 'Ask for a security key or passkey',
          description:
            'When the current stage offers `keypair`: the options for `navigator.credentials.get`, with a challenge ' +
            "good for this sign-in only. Until a first answer was right they name no key (the member's discoverable " +
            `keys answer), so that they tell no one who exists. ${UID}`,
          params: uidParams,
          response: { 200: webauthnOptionsSchema },
        },
      },
      (req) => s.webauthnOptions(req.params.uid),
    );

    app.post(
      '/signin/:uid/verify/',
      {
        config: {
          ...open,
          errors: [401, 403, 404, 429],
          audit: { action: 'signin.success', target: 'member', param: null },
        },
        schema: {
          tags,
          summary: 'Answer the current stage',
          description:
            'A right answer moves to the next stage or ends the sign-in (go to `redirect`); `app` answers ' +
            '`pending` until the phone answers. A wrong answer is 401 `login` whatever the reason, and after ' +
            `${SIGNIN_MAX_FAILURES} the sign-in is spent (403 signInTooManyFailures). Once a first answer was right, ` +
            'a refusal says why: 403 signInBlocked, signInWebLoginDisabled, signInNoFlow; signInDenied when the ' +
            `app refused. 429 signInThrottled after repeated failures. ${UID}`,
          params: uidParams,
          body: signInVerifySchema,
          // Refusals are answered by the handler (their counts commit), so their shape is named here.
          response: { 200: signInStepResultSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (req, reply) => {
        const result = await s.verify(req.params.uid, req.body, req.ip);
        if (!('refused' in result)) return result;
        return reply.status(result.status).send({ reason: ERRORS[result.refused], code: result.refused });
      },
    );

    app.post(
      '/signin/:uid/abort/',
      {
        config: { ...open, errors: [404], audit: { action: 'signin.abort', target: 'member', param: null } },
        schema: {
          tags,
          summary: 'Give up the sign-in',
          description:
            "Where the browser goes: the application's redirectUriAbortLoginFlow where set, else back through " +
            `the provider to its redirect URI with error=access_denied. ${UID}`,
          params: uidParams,
          response: { 200: signInRedirectSchema },
        },
      },
      (req) => s.abort(req.params.uid, req.ip),
    );
  };
