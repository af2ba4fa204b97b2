/**
 * enroll/: the members' enrolment portal. Public to the staff auth guard: the link token in the
 * path is the authentication (link.ts). Limited per address, and the calls that send or check a
 * code per link as well. The token never reaches the log (app.ts masks the path segment).
 */
import {
  enrollCompleteSchema,
  enrollConfirmResultSchema,
  enrollConfirmSchema,
  enrollCredentialSchema,
  enrollCredentialStartedSchema,
  enrollmentCredentialSchema,
  enrollmentSessionSchema,
  enrollRequestLinkSchema,
  noContentSchema,
  webauthnOptionsSchema,
} from '@portiere/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditOutcome } from '../../audit/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';

const linkParams = z.object({ token: z.string() });
const credentialParams = z.object({ token: z.string(), id: z.string() });

const TOKEN_DESCRIPTION =
  'The token of the enrolment mail’s link (`/enroll/<token>`) authenticates the call. A link that is not ' +
  'valid, has expired or was already used answers 410 (enrollmentLinkInvalid, enrollmentLinkExpired, ' +
  'enrollmentLinkUsed) and no member data.';

/**
 * A second limit beside the per-address one: per link and route, so one link cannot be used to
 * try codes or send mails from many addresses. Counted in the rate limit store, keyed by a hash
 * (the token itself is never stored).
 */
function perLink(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (req) => `enroll:${req.routeOptions.url}:${sha256((req.params as { token?: string }).token ?? '')}`,
  });
  return async (req: FastifyRequest) => {
    const result = await limiter(req);
    if (result.isAllowed || !result.isExceeded) return;
    const error = new AppError(429, 'rateLimited');
    error.retryAfterS = result.ttlInSeconds;
    throw error;
  };
}

/** `perAddress`: requests per address and minute on each route (the page polls while an app enrols). */
export const enrollmentRoutes =
  (services: Services, perAddress: number): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['enrollment'];
    const open = { auth: 'public', rateLimit: { max: perAddress, timeWindow: '1 minute' } } as const;
    const e = services.enrollment;

    app.get(
      '/enroll/:token/',
      {
        config: { ...open, errors: [410] },
        schema: {
          tags,
          summary: 'The enrolment session of a link',
          description: `What the member may set up, what they have, and the bounds the forms respect. ${TOKEN_DESCRIPTION}`,
          params: linkParams,
          response: { 200: enrollmentSessionSchema },
        },
      },
      (req) => e.session(req.params.token),
    );

    app.post(
      '/enroll/:token/credentials/',
      {
        config: {
          ...open,
          errors: [403, 409, 410, 422],
          audit: { action: 'enrollment.credential_started', target: 'member', param: null },
        },
        preHandler: perLink(app, 10),
        schema: {
          tags,
          summary: 'Start setting up a credential',
          description:
            'TOTP/HOTP answer the secret, otpauth URI and QR code (confirm one code); app credentials the ' +
            'confirmation code and QR code (enrolled when the device enrols); mail/SMS send a code to the target ' +
            '(the member’s own when none is given; confirm it); password and PIN are set at once within the ' +
            'customer’s bounds; key pairs and smartcard certificates are checked and stored. 403 ' +
            `enrollmentKindNotAllowed for a kind not offered. ${TOKEN_DESCRIPTION}`,
          params: linkParams,
          body: enrollCredentialSchema,
          response: { 201: enrollCredentialStartedSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await e.start(req.params.token, req.body)),
    );

    app.post(
      '/enroll/:token/webauthn/',
      {
        config: { ...open, errors: [403, 410], audit: { none: 'asks options only: the registration is recorded' } },
        preHandler: perLink(app, 10),
        schema: {
          tags,
          summary: 'Ask to register a security key or passkey',
          description:
            'The options for `navigator.credentials.create`, with a challenge good for this member only; then ' +
            '`POST enroll/{token}/credentials/` with `{type: "keypair", webauthn, description}`. User verification ' +
            'is required where the member’s configuration group asks for biometry. 403 enrollmentKindNotAllowed ' +
            `when key pairs are not offered. ${TOKEN_DESCRIPTION}`,
          params: linkParams,
          response: { 200: webauthnOptionsSchema },
        },
      },
      (req) => e.webauthnOptions(req.params.token),
    );

    app.post(
      '/enroll/:token/credentials/:id/send/',
      {
        config: {
          ...open,
          errors: [410, 422],
          audit: { none: 'sends another code for a credential being set up: its start and confirmation are recorded' },
        },
        preHandler: perLink(app, 5),
        schema: {
          tags,
          summary: 'Send a new mail or SMS code',
          description: `At most one code a minute: within a minute of the last one, that one stays valid and none is sent. ${TOKEN_DESCRIPTION}`,
          params: credentialParams,
          response: { 200: enrollCredentialStartedSchema },
        },
      },
      (req) => e.send(req.params.token, req.params.id),
    );

    app.post(
      '/enroll/:token/credentials/:id/confirm/',
      {
        config: {
          ...open,
          errors: [410, 422],
          audit: { action: 'enrollment.credential_confirmed', target: 'member', param: null },
        },
        preHandler: perLink(app, 10),
        schema: {
          tags,
          summary: 'Confirm a TOTP, HOTP, mail or SMS credential with one code',
          description: `Wrong codes count towards the credential’s lock as at sign-in (\`locked\`, \`attempts_left\`). ${TOKEN_DESCRIPTION}`,
          params: credentialParams,
          body: enrollConfirmSchema,
          response: { 200: enrollConfirmResultSchema },
        },
      },
      async (req) => {
        const result = await e.confirm(req.params.token, req.params.id, req.body.value);
        // Answered, not thrown: the wrong attempt it counts commits with the failure's event.
        if (!result.ok) auditOutcome('failure', result.locked ? 'locked' : 'wrong_value');
        return result;
      },
    );

    app.get(
      '/enroll/:token/credentials/:id/',
      {
        config: { ...open, errors: [410] },
        schema: {
          tags,
          summary: "A credential's state",
          description: `Polled while an app credential waits for its device. ${TOKEN_DESCRIPTION}`,
          params: credentialParams,
          response: { 200: enrollmentCredentialSchema },
        },
      },
      (req) => e.credential(req.params.token, req.params.id),
    );

    app.delete(
      '/enroll/:token/credentials/:id/',
      {
        config: { ...open, errors: [403, 410], audit: { action: 'credential.delete', target: 'credential' } },
        schema: {
          tags,
          summary: 'Drop a credential that is not confirmed yet',
          description: `A confirmed credential stays (403). ${TOKEN_DESCRIPTION}`,
          params: credentialParams,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await e.drop(req.params.token, req.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/enroll/:token/complete/',
      {
        config: {
          ...open,
          errors: [410, 422],
          audit: { action: 'enrollment.completed', target: 'member', param: null },
        },
        schema: {
          tags,
          summary: 'Finish enrolment',
          description:
            'Needs at least one enrolled credential (422 enrollmentNothingEnrolled). Marks the member enrolled, ' +
            'spends every open link of the member, and answers the customer’s callback_url_successful_enroll ' +
            `(or null). ${TOKEN_DESCRIPTION}`,
          params: linkParams,
          response: { 200: enrollCompleteSchema },
        },
      },
      (req) => e.complete(req.params.token),
    );

    app.post(
      '/enroll/request-link/',
      {
        config: {
          ...open,
          // Recorded only when the managers are mailed (the service names the member).
          audit: { action: 'enrollment.link_requested', target: 'member', param: null },
        },
        schema: {
          tags,
          summary: 'Ask for a new enrolment link',
          description:
            'Always 202. For an expired or spent link whose signature is good, the customer’s manager users get a ' +
            'mail asking them to send a new one, at most once a day per member.',
          body: enrollRequestLinkSchema,
          response: { 202: noContentSchema },
        },
      },
      async (req, reply) => {
        await services.linkRequests.request(req.body.token);
        return reply.status(202).send();
      },
    );
  };
