/** users/{id}/credentials/ (the app's own calls are modules/device). */
import {
  credentialCreatedSchema,
  credentialCreateSchema,
  credentialPatchSchema,
  credentialSchema,
  credentialTestResultSchema,
  credentialTestSchema,
  noContentSchema,
  pinResetResultSchema,
  SMARTCARD_PIN_RESET_HOURS,
  sentToSchema,
} from '@portiere/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditOutcome } from '../../audit/context.ts';
import { customerOf, restrictTo } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const memberParams = z.object({ id: z.string() });
const params = z.object({ id: z.string(), cid: z.string() });

export const credentialRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['credentials'];
    const c = services.credentials;
    restrictTo(app, 'CustomerUser');

    app.get(
      '/users/:id/credentials/',
      {
        config: { scope: 'members:read' },
        schema: {
          tags,
          summary: "A member's credentials",
          params: memberParams,
          response: { 200: z.array(credentialSchema) },
        },
      },
      (req) => c.list(customerOf(req), req.params.id),
    );
    app.post(
      '/users/:id/credentials/',
      {
        config: {
          scope: 'credentials:write',
          errors: [403, 409, 422],
          audit: { action: 'credential.create', target: 'credential', param: null },
        },
        schema: {
          tags,
          summary: 'Create a credential',
          params: memberParams,
          body: credentialCreateSchema,
          response: { 201: credentialCreatedSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await c.create(customerOf(req), req.params.id, req.body)),
    );
    app.patch(
      '/users/:id/credentials/:cid/',
      {
        config: {
          scope: 'credentials:write',
          audit: { action: 'credential.update', target: 'credential', param: 'cid' },
        },
        schema: {
          tags,
          summary: 'Change flags or description',
          params,
          body: credentialPatchSchema,
          response: { 200: credentialSchema },
        },
      },
      (req) => c.update(customerOf(req), req.params.id, req.params.cid, req.body),
    );
    app.delete(
      '/users/:id/credentials/:cid/',
      {
        config: {
          scope: 'credentials:write',
          audit: { action: 'credential.delete', target: 'credential', param: 'cid' },
        },
        schema: { tags, summary: 'Delete a credential', params, response: { 204: noContentSchema } },
      },
      async (req, reply) => {
        await c.remove(customerOf(req), req.params.id, req.params.cid);
        return reply.status(204).send();
      },
    );
    app.post(
      '/users/:id/credentials/:cid/test/',
      {
        config: {
          scope: 'credentials:write',
          errors: [422],
          audit: { action: 'credential.test', target: 'credential', param: 'cid' },
        },
        schema: {
          tags,
          summary: 'Verify a code, password or PIN',
          params,
          body: credentialTestSchema,
          response: { 200: credentialTestResultSchema },
        },
      },
      async (req) => {
        const result = await c.test(customerOf(req), req.params.id, req.params.cid, req.body.value);
        // A wrong value is recorded as a failed test (the attempt it counts is committed with it).
        if (!result.ok) auditOutcome('failure', result.locked ? 'locked' : 'wrong_value');
        return result;
      },
    );
    app.post(
      '/users/:id/credentials/:cid/send/',
      {
        config: {
          scope: 'credentials:write',
          errors: [422],
          audit: { action: 'credential.send', target: 'credential', param: 'cid' },
        },
        schema: {
          tags,
          summary: 'Send a code (mail, SMS) or the app QR code',
          params,
          response: { 200: sentToSchema },
        },
      },
      (req) => c.send(customerOf(req), req.params.id, req.params.cid),
    );
    app.post(
      '/users/:id/credentials/:cid/pin-reset/',
      {
        config: {
          scope: 'credentials:write',
          errors: [422],
          audit: { action: 'credential.pin_reset', target: 'credential', param: 'cid' },
        },
        schema: {
          tags,
          summary: "Enable a reset of a smartcard's PIN",
          description:
            'Mails the member the "reset smartcard PIN" mail with a single-use auth_code, good for ' +
            `${SMARTCARD_PIN_RESET_HOURS} hours; a workstation trades it for the card's unblock ` +
            '(`POST workstation/smartcards/unblock/`). A new reset ends the previous one. 422 pinResetNotSmartcard ' +
            'for another kind or a card issued without a PUK; 422 memberHasNoEmail.',
          params,
          response: { 200: pinResetResultSchema },
        },
      },
      (req) => c.enablePinReset(customerOf(req), req.params.id, req.params.cid),
    );
    app.post(
      '/users/:id/credentials/:cid/reset/',
      {
        config: {
          scope: 'credentials:write',
          errors: [422],
          audit: { action: 'credential.reset', target: 'credential', param: 'cid' },
        },
        schema: {
          tags,
          summary: 'Reset an app credential to pending',
          params,
          response: { 200: credentialCreatedSchema },
        },
      },
      (req) => c.reset(customerOf(req), req.params.id, req.params.cid),
    );
    app.post(
      '/users/:id/credentials/:cid/unlock/',
      {
        config: {
          scope: 'credentials:write',
          audit: { action: 'credential.unlock', target: 'credential', param: 'cid' },
        },
        schema: { tags, summary: 'Clear wrong attempts and the lock', params, response: { 200: credentialSchema } },
      },
      (req) => c.unlock(customerOf(req), req.params.id, req.params.cid),
    );
  };
