/**
 * The smartphone app's calls (contracts/device.ts): enrolment by confirmation code, then calls
 * signed by the device's key. Public to the staff auth guard and limited per address, with room
 * for the app's polling of its sign-in requests.
 */
import {
  appEnrollOptionsRequestSchema,
  appEnrollRequestSchema,
  appEnrollResultSchema,
  deviceApprovalAnswerSchema,
  deviceApprovalListSchema,
  deviceCallSchema,
  deviceStateSchema,
  noContentSchema,
  webauthnOptionsSchema,
} from '@portiere/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';

const approvalParams = z.object({ id: z.string() });
const SIGNED =
  'Signed by the device’s key (`device`, see deviceSigningInput); a reset or deleted credential, a forged ' +
  'signature or one more than a minute off the server’s clock answers 404 deviceNotFound.';

/** The call as the device signed it: method, path, and the body but its proof. */
function callOf(req: FastifyRequest<{ Body: { device: unknown } }>) {
  const { device: _proof, ...payload } = req.body;
  return { method: req.method, path: req.url.split('?')[0] ?? req.url, payload };
}

/** `perAddress`: requests per address and minute on each route. */
export const deviceRoutes =
  (services: Services, perAddress: number): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['device'];
    const open = { auth: 'public', rateLimit: { max: perAddress, timeWindow: '1 minute' } } as const;
    const s = services.device;
    const signed = async (req: FastifyRequest<{ Body: z.infer<typeof deviceCallSchema> }>) =>
      s.authenticate(req.body.device, callOf(req));

    // Enrolment: no staff token, the confirmation code is the credential.
    const enrolling = { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } } as const;
    app.post(
      '/enroll/app/webauthn/',
      {
        config: { ...enrolling, errors: [404, 422], audit: { none: 'a challenge: the enrolment records its outcome' } },
        schema: {
          tags,
          summary: 'Options to register the phone’s authenticator (app with biometry)',
          description:
            'For a pending app credential of kind app_biometry whose member’s group asks for biometry; ' +
            'otherwise 422 deviceBiometryNotNeeded. An unknown or used confirmation code is 404.',
          body: appEnrollOptionsRequestSchema,
          response: { 200: webauthnOptionsSchema },
        },
      },
      (req) => s.enrollOptions(req.body.confirmation_code),
    );

    app.post(
      '/enroll/app/',
      {
        config: {
          ...enrolling,
          errors: [404, 422],
          // Recorded in the member's customer's chain, the member's device as actor.
          audit: { action: 'credential.enroll_app', target: 'credential', param: null },
        },
        schema: {
          tags,
          summary: 'Device enrolment of an app credential',
          description:
            'Binds the device’s public key to the credential the confirmation code names (404 when unknown or ' +
            'used) and answers the secret of the app’s offline codes, once. App with biometry where asked: ' +
            '`webauthn` is required (422 deviceBiometryRequired; 422 webauthnRefused when it does not verify, ' +
            'or is a synced passkey where the group asks for strong biometry).',
          body: appEnrollRequestSchema,
          response: { 200: appEnrollResultSchema },
        },
      },
      (req) => s.enroll(req.body),
    );

    app.post(
      '/device/',
      {
        config: { ...open, errors: [404], audit: { none: 'a read: the app refreshes its account' } },
        schema: {
          tags,
          summary: 'The account this device is bound to',
          description: SIGNED,
          body: deviceCallSchema,
          response: { 200: deviceStateSchema },
        },
      },
      async (req) => {
        const { row, member } = await signed(req);
        return s.state(row, member);
      },
    );

    app.post(
      '/device/approvals/',
      {
        config: { ...open, errors: [404], audit: { none: 'a read: the device lists the sign-ins waiting for it' } },
        schema: {
          tags,
          summary: 'The sign-ins waiting for this device’s approval',
          description: SIGNED,
          body: deviceCallSchema,
          response: { 200: deviceApprovalListSchema },
        },
      },
      async (req) => {
        const { row } = await signed(req);
        return { items: await services.appApprovals.pending(row.id) };
      },
    );

    app.post(
      '/device/approvals/:id/webauthn/',
      {
        config: { ...open, errors: [404, 422], audit: { none: 'a challenge: the answer records the outcome' } },
        schema: {
          tags,
          summary: 'Options for the phone’s authenticator to approve a sign-in (app with biometry)',
          description: `422 deviceBiometryNotNeeded when the credential does not ask for it. ${SIGNED}`,
          params: approvalParams,
          body: deviceCallSchema,
          response: { 200: webauthnOptionsSchema },
        },
      },
      async (req) => {
        const { row, member } = await signed(req);
        return s.approvalOptions(row, member, req.params.id);
      },
    );

    app.post(
      '/device/approvals/:id/',
      {
        config: {
          ...open,
          errors: [404, 422],
          audit: { action: 'device.approve', target: 'credential', param: null },
        },
        schema: {
          tags,
          summary: 'Approve or deny a sign-in',
          description:
            'Approving takes the number the sign-in page shows (422 deviceNumberRequired); another number ' +
            'ends the sign-in as a denial does. With biometry, `webauthn` answers the options of ' +
            '`device/approvals/{id}/webauthn/` (422 deviceBiometryRequired, webauthnRefused). `not_me` with a ' +
            'denial reports the sign-in: the member’s detail flags it. A request that is not this device’s, ' +
            `not pending or expired is 404. ${SIGNED}`,
          params: approvalParams,
          body: deviceApprovalAnswerSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        const { row, member } = await signed(req);
        const { device: _proof, ...answer } = req.body;
        await s.answer(row, member, req.params.id, answer);
        return reply.status(204).send();
      },
    );
  };
