/**
 * The workstation API (contracts/workstation.ts), under workstation/: what a credential provider
 * calls, authenticated by its workstation key (header X-Workstation-Key), not by a staff token.
 * Each key may make `perKey` calls a minute, counted under its key id before its secret is
 * checked (so guessing at one key is limited too), and each address `perAddress` on each route,
 * with room for polling while an app approves.
 */
import {
  apiErrorSchema,
  ERRORS,
  machineNameSchema,
  offlineMaterialSchema,
  offlineRefillSchema,
  signInSentSchema,
  WORKSTATION_KEY_HEADER,
  WORKSTATION_MACHINE_HEADER,
  workstationChallengeRequestSchema,
  workstationChallengeSchema,
  workstationHeadersSchema,
  workstationSendSchema,
  workstationSignInSchema,
  workstationSmartcardUnblockedSchema,
  workstationSmartcardUnblockSchema,
  workstationStartSchema,
  workstationStepSchema,
  workstationVerifySchema,
} from '@portiere/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditOutcome } from '../../audit/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import type { WorkstationCaller } from './caller.ts';
import { workstationKeyIdOf } from './keys.ts';

const idParams = z.object({ id: z.string() });

const KEY =
  'Authenticated by the workstation key (header `X-Workstation-Key`); a missing, malformed or revoked key is 401 ' +
  'workstationKeyInvalid. A fleet key’s workstation names itself in the header `X-Workstation-Machine` (400 ' +
  'workstationMachineRequired without a valid name); a machine key signs in at its own machine only.';
const NOT_YET = 'a sign-in in progress: its outcome is recorded when an answer ends it (verify/)';
const ID =
  'An unknown, expired or finished sign-in, or one started by another key or machine, is 404 workstationSignInExpired.';

export const workstationRoutes =
  (services: Services, limits: { perKey: number; perAddress: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['workstation'];
    const keys = services.workstationKeys;
    const s = services.workstationSignIns;
    const callers = new WeakMap<FastifyRequest, WorkstationCaller>();
    const keyIds = new WeakMap<FastifyRequest, string>();
    const perKey = app.createRateLimit({
      max: limits.perKey,
      timeWindow: 60_000,
      keyGenerator: (req) => `workstation-key:${keyIds.get(req)}`,
    });

    // Before the body is parsed: a call without a valid key answers 401 whatever its body holds.
    app.addHook('onRequest', async (req) => {
      const key = req.headers[WORKSTATION_KEY_HEADER];
      const keyId = typeof key === 'string' ? workstationKeyIdOf(key) : null;
      const row = keyId ? await keys.find(keyId) : undefined;
      if (!keyId || !row || typeof key !== 'string') throw new AppError(401, 'workstationKeyInvalid');
      keyIds.set(req, keyId);
      const counted = await perKey(req);
      if (!counted.isAllowed && counted.isExceeded) {
        const error = new AppError(429, 'rateLimited');
        error.retryAfterS = counted.ttlInSeconds;
        throw error;
      }
      const found = await keys.authenticate(key, row);
      const named = req.headers[WORKSTATION_MACHINE_HEADER];
      const machine = found.machine ?? (typeof named === 'string' ? named.trim() : '');
      if (!machineNameSchema.safeParse(machine).success) throw new AppError(400, 'workstationMachineRequired');
      callers.set(req, { key: found, machine });
    });
    const caller = (req: FastifyRequest): WorkstationCaller => {
      const found = callers.get(req);
      if (!found) throw new AppError(401, 'workstationKeyInvalid');
      return found;
    };
    const open = {
      auth: 'public',
      rateLimit: { max: limits.perAddress, timeWindow: '1 minute' },
      errors: [401, 403, 404, 429],
    } as const;

    app.post(
      '/workstation/sign-ins/',
      {
        config: { ...open, errors: [401, 403, 429], audit: { none: NOT_YET } },
        schema: {
          tags,
          headers: workstationHeadersSchema,
          summary: 'Start a workstation sign-in: who signs in',
          description:
            'By username (as the customer asks for it: settings username_text) or by a paired, unexpired ' +
            'temporary card, in the key’s customer only. Anyone gets the first stage of the workstation flow ' +
            '(settings workstation.flow_id; none: 403 workstationNoFlow). ' +
            KEY,
          body: workstationStartSchema,
          response: { 201: workstationSignInSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await s.start(caller(req), req.body)),
    );

    app.post(
      '/workstation/sign-ins/:id/send/',
      {
        config: { ...open, audit: { none: NOT_YET } },
        schema: {
          tags,
          headers: workstationHeadersSchema,
          summary: "Send a mail or SMS code, or ask the member's app",
          description:
            'As the web sign-in’s send/: 202 whether or not anything went out, `sent_to` empty until a first ' +
            `answer was right, once a minute per kind (429 signInResendTooSoon). ${ID} ${KEY}`,
          params: idParams,
          body: workstationSendSchema,
          response: { 202: signInSentSchema },
        },
      },
      async (req, reply) => reply.status(202).send(await s.send(caller(req), req.params.id, req.body.kind, req.ip)),
    );

    app.post(
      '/workstation/sign-ins/:id/challenge/',
      {
        config: { ...open, audit: { none: NOT_YET } },
        schema: {
          tags,
          headers: workstationHeadersSchema,
          summary: 'A challenge for the key pair or smartcard to sign',
          description:
            '32 random bytes (base64), for this stage and kind; verify/ takes their signature once, right or ' +
            `wrong. ${ID} ${KEY}`,
          params: idParams,
          body: workstationChallengeRequestSchema,
          response: { 200: workstationChallengeSchema },
        },
      },
      (req) => s.challenge(caller(req), req.params.id, req.body.kind),
    );

    app.post(
      '/workstation/sign-ins/:id/verify/',
      {
        config: {
          ...open,
          errors: [401, 403, 404, 409, 429],
          audit: { action: 'workstation.sign_in', target: 'member', param: null },
        },
        schema: {
          tags,
          headers: workstationHeadersSchema,
          summary: 'Answer the current stage',
          description:
            'A right answer moves to the next stage or ends the sign-in with the Windows session’s identity ' +
            '(and offline material when `offline` is asked and allowed); `app` answers `pending` until the phone ' +
            'answers; a key pair or smartcard answers with its signature of the challenge (409 ' +
            'workstationNoChallenge without one). A wrong answer is 401 `login` whatever the reason; once a first ' +
            'answer was right a refusal says why (403 signInBlocked, workstationLoginDisabled, ' +
            `workstationIdentityExpired, signInDenied, signInTooManyFailures). ${ID} ${KEY}`,
          params: idParams,
          body: workstationVerifySchema,
          response: { 200: workstationStepSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (req, reply) => {
        const result = await s.verify(caller(req), req.params.id, req.body, req.ip);
        if (!('refused' in result)) return result;
        return reply.status(result.status).send({ reason: ERRORS[result.refused], code: result.refused });
      },
    );

    app.post(
      '/workstation/smartcards/unblock/',
      {
        config: {
          ...open,
          errors: [401, 403, 429],
          audit: { action: 'workstation.smartcard_unblock', target: 'credential', param: null },
        },
        schema: {
          tags,
          headers: workstationHeadersSchema,
          summary: "Unblock a member's smartcard with the code of their PIN reset mail",
          description:
            'The card gives a challenge; the answer is its HMAC-SHA256 keyed by the card’s PUK, which the card checks ' +
            'before it takes a new PIN (the PUK never leaves the server). The code works once; a wrong or expired one, ' +
            'or an unknown member, is 401 pinResetInvalid, and a reset takes 5 wrong codes. The operator the ' +
            'workstation reports must be in cms.active_directory_group when it is set (403 cmsGroupRequired), else ' +
            `an administrator (403 cmsAdminRequired). ${KEY}`,
          body: workstationSmartcardUnblockSchema,
          response: { 200: workstationSmartcardUnblockedSchema, 401: apiErrorSchema },
        },
      },
      async (req, reply) => {
        const result = await services.credentials.pins.unblock(caller(req).key.customerId, req.body);
        if ('response' in result) return result;
        // Answered, not thrown: the wrong code's count commits.
        auditOutcome('failure', 'wrong_code');
        return reply.status(401).send({ reason: ERRORS.pinResetInvalid, code: 'pinResetInvalid' });
      },
    );

    app.post(
      '/workstation/offline/refill/',
      {
        config: { ...open, audit: { action: 'workstation.offline_refill', target: 'member', param: null } },
        schema: {
          tags,
          headers: workstationHeadersSchema,
          summary: 'Fresh offline material for a member at this machine',
          description:
            'Spends the refill token and answers new values and a new token. `used`: the last HOTP counter the ' +
            'machine used offline, past which the server’s counter moves. A revoked, expired or unknown token, ' +
            'or a member who may no longer sign in here, is 404 workstationOfflineGone: the machine deletes its ' +
            `copy. ${KEY}`,
          body: offlineRefillSchema,
          response: { 200: offlineMaterialSchema, 404: apiErrorSchema },
        },
      },
      async (req, reply) => {
        const material = await services.offlineMaterials.refill(caller(req), req.body.refill_token, req.body.used);
        if (material) return material;
        // Answered, not thrown: what this contact did (the used codes spent, the grant deleted) commits.
        return reply.status(404).send({ reason: ERRORS.workstationOfflineGone, code: 'workstationOfflineGone' });
      },
    );
  };
