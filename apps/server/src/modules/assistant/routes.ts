/**
 * assistant/: what the login assistant (desktop or browser) calls on behalf of a member. Public
 * to the staff auth guard: the sign-in routes need no token, the others the assistant session's
 * bearer token (session.ts, documented as the assistantSession security scheme). Every route
 * refuses customers without the login assistant (403 laDisabled) and is rate limited like the
 * staff sign-in.
 */
import {
  apiErrorSchema,
  assistantCredentialInputSchema,
  assistantGeneratedSchema,
  assistantMeSchema,
  assistantPasswordChangeSchema,
  assistantSecretSchema,
  assistantSendSchema,
  assistantSignInSchema,
  assistantSignInStartSchema,
  assistantVerifyResultSchema,
  assistantVerifySchema,
  ERRORS,
  noContentSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { bearerOf, requireAssistantSession, sessionOf } from './session.ts';

const idParams = z.object({ id: z.string() });

/** The sign-in records its outcome itself in the verify step; starting and sending change nothing of note. */
const OUTCOME_AT_VERIFY = 'a sign-in in progress: its outcome is recorded when verified (assistant.sign_in...)';

export const assistantRoutes =
  (services: Services, rateLimit: number, now: () => Date = () => new Date()): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['assistant'];
    const limit = { max: rateLimit, timeWindow: '1 minute' };
    const open = { auth: 'public', rateLimit: limit } as const;
    const member = { ...open, assistantSession: true } as const;
    requireAssistantSession(app, services.db, now);
    const signIns = services.assistantSignIns;
    const assistant = services.assistant;

    app.post(
      '/assistant/sign-in/',
      {
        config: {
          ...open,
          assistantSession: 'optional',
          errors: [401, 403, 404, 422],
          audit: { none: OUTCOME_AT_VERIFY },
        },
        schema: {
          tags,
          summary: 'Start a sign-in (or, with app_id and the session bearer token, an app step-up)',
          description:
            "Walks the customer's login-assistant flow stage by stage (verify/). An unknown username gets the same " +
            "answers as a known one. With `app_id`, send the session's `Authorization: Bearer` token: the app " +
            "profile's flow is walked instead, and passing it unlocks the app's credential in that session.",
          body: assistantSignInStartSchema,
          response: { 201: assistantSignInSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await signIns.start(req.body, bearerOf(req))),
    );

    app.post(
      '/assistant/sign-in/:id/send/',
      {
        config: { ...open, errors: [403], audit: { none: OUTCOME_AT_VERIFY } },
        schema: {
          tags,
          summary: 'Send the code of a mail or SMS stage',
          description:
            'Sends a code to the member’s mail or phone credential when the current stage offers that kind. ' +
            'Answers 202 whether or not anything was sent (unknown member, no such credential, sent less than a minute ago).',
          params: idParams,
          body: assistantSendSchema,
          response: { 202: noContentSchema },
        },
      },
      async (req, reply) => {
        await signIns.send(req.params.id, req.body.kind);
        return reply.status(202).send();
      },
    );

    app.post(
      '/assistant/sign-in/:id/verify/',
      {
        config: {
          ...open,
          errors: [401, 403],
          audit: { action: 'assistant.sign_in', target: 'member', param: null },
        },
        schema: {
          tags,
          summary: 'Answer the current stage',
          description:
            'A right value moves to the next stage or ends the sign-in: a new session (access_token) or, for a ' +
            'step-up, the app unlocked in the session it started from. Any wrong answer is 401 `login`, whatever ' +
            'the reason; after 5 the sign-in is spent (404 assistantSignInExpired). 429 signInThrottled after ' +
            'repeated failures for the username.',
          params: idParams,
          body: assistantVerifySchema,
          // 401 is answered by the handler (the refusal's counts commit), so its shape is named here.
          response: { 200: assistantVerifyResultSchema, 401: apiErrorSchema },
        },
      },
      async (req, reply) => {
        const result = await signIns.verify(req.params.id, req.body, req.ip);
        if (!('refused' in result)) return result;
        // Answered, not thrown: the attempt counts are committed with the failure's event.
        return reply.status(401).send({ reason: ERRORS[result.refused], code: result.refused });
      },
    );

    app.get(
      '/assistant/me/',
      {
        config: { ...member, errors: [403] },
        schema: {
          tags,
          summary: "The member's apps, profiles, credentials and the la settings",
          response: { 200: assistantMeSchema },
        },
      },
      (req) => assistant.me(sessionOf(req)),
    );

    app.get(
      '/assistant/apps/:id/credential/',
      {
        config: {
          ...member,
          errors: [403],
          audit: { action: 'assistant.secret_read', target: 'member', param: null },
        },
        schema: {
          tags,
          summary: "An app's username and password, to type in",
          description:
            'Answers 403 assistantStepUpRequired while the app’s profile has a flow that was not passed in this ' +
            'session (start a sign-in with app_id), 404 when the member has no credential for the app.',
          params: idParams,
          response: { 200: assistantSecretSchema },
        },
      },
      (req) => assistant.secret(sessionOf(req), req.params.id),
    );

    app.post(
      '/assistant/credentials/',
      {
        config: {
          ...member,
          errors: [403, 409, 422],
          audit: { action: 'la_user.create', target: 'la_user', param: null },
        },
        schema: {
          tags,
          summary: 'Add a credential in a login group (la setting user_create_credential)',
          description:
            'Without `password` (always, when the customer forces generated passwords) the server generates one ' +
            'and answers it this once.',
          body: assistantCredentialInputSchema,
          response: { 201: assistantGeneratedSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await assistant.createCredential(sessionOf(req), req.body)),
    );

    app.patch(
      '/assistant/credentials/:id/',
      {
        config: { ...member, errors: [403, 422], audit: { action: 'la_user.update', target: 'la_user' } },
        schema: {
          tags,
          summary: "Change one of the member's passwords (la setting user_change_password)",
          description: 'Without `password` the server generates one and answers it this once.',
          params: idParams,
          body: assistantPasswordChangeSchema,
          response: { 200: assistantGeneratedSchema },
        },
      },
      (req) => assistant.changePassword(sessionOf(req), req.params.id, req.body),
    );

    app.post(
      '/assistant/sign-out/',
      {
        config: {
          ...member,
          errors: [403],
          audit: { action: 'assistant.sign_out', target: 'member', param: null },
        },
        schema: { tags, summary: 'End the session and its step-ups', response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        const session = sessionOf(req);
        await assistant.actor(session);
        await signIns.signOut(session.id);
        return reply.status(204).send();
      },
    );
  };
