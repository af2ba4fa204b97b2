/** The enrolment calls (contracts enrollment.ts), bound to one link token. */
import type {
  EnrollConfirmResult,
  EnrollCredential,
  EnrollCredentialStarted,
  EnrollmentCredential,
  EnrollmentSession,
  WebAuthnOptions,
} from '@portiere/contracts';
import { answer, client } from '../../lib/api';

export type EnrollApi = ReturnType<typeof enrollApi>;

export function enrollApi(token: string) {
  const link = { path: { token } };
  const credential = (id: string) => ({ path: { token, id } });
  return {
    session: (signal?: AbortSignal): Promise<EnrollmentSession> =>
      answer(client.GET('/api/v1/enroll/{token}/', { params: link, signal })),
    start: (body: EnrollCredential): Promise<EnrollCredentialStarted> =>
      answer(client.POST('/api/v1/enroll/{token}/credentials/', { params: link, body })),
    /** The options to register a security key or passkey (a challenge for this member). */
    webauthnOptions: (): Promise<WebAuthnOptions> =>
      answer(client.POST('/api/v1/enroll/{token}/webauthn/', { params: link })),
    /** The answer's shape is not fixed by the contract beyond what the start answers: sent_to when there. */
    sendAgain: (id: string): Promise<Partial<EnrollCredentialStarted> | undefined> =>
      answer(client.POST('/api/v1/enroll/{token}/credentials/{id}/send/', { params: credential(id) })),
    confirm: (id: string, value: string): Promise<EnrollConfirmResult> =>
      answer(
        client.POST('/api/v1/enroll/{token}/credentials/{id}/confirm/', { params: credential(id), body: { value } }),
      ),
    credential: (id: string, signal?: AbortSignal): Promise<EnrollmentCredential> =>
      answer(client.GET('/api/v1/enroll/{token}/credentials/{id}/', { params: credential(id), signal })),
    drop: (id: string): Promise<unknown> =>
      answer(client.DELETE('/api/v1/enroll/{token}/credentials/{id}/', { params: credential(id) })),
    complete: (): Promise<{ redirect_url: string | null }> =>
      answer(client.POST('/api/v1/enroll/{token}/complete/', { params: link })),
  };
}

/** Asks the operators for a new link (always 202: the answer says nothing about the link). */
export function requestNewLink(token: string): Promise<unknown> {
  return answer(client.POST('/api/v1/enroll/request-link/', { body: { token } }));
}
