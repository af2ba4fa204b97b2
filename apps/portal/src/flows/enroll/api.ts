/** The enrolment calls (contracts enrollment.ts), bound to one link token. */
import type {
  EnrollConfirmResult,
  EnrollCredential,
  EnrollCredentialStarted,
  EnrollmentCredential,
  EnrollmentSession,
} from '@portiere/contracts';
import { request, seg } from '../../lib/api';

export type EnrollApi = ReturnType<typeof enrollApi>;

export function enrollApi(token: string) {
  const base = `enroll/${seg(token)}/`;
  const credential = (id: string) => `${base}credentials/${seg(id)}/`;
  return {
    session: (signal?: AbortSignal) => request<EnrollmentSession>('GET', base, undefined, signal),
    start: (body: EnrollCredential) => request<EnrollCredentialStarted>('POST', `${base}credentials/`, body),
    /** The answer's shape is not fixed by the contract beyond what the start answers: sent_to when there. */
    sendAgain: (id: string) => request<Partial<EnrollCredentialStarted> | undefined>('POST', `${credential(id)}send/`),
    confirm: (id: string, value: string) =>
      request<EnrollConfirmResult>('POST', `${credential(id)}confirm/`, { value }),
    credential: (id: string, signal?: AbortSignal) =>
      request<EnrollmentCredential>('GET', credential(id), undefined, signal),
    drop: (id: string) => request<unknown>('DELETE', credential(id)),
    complete: () => request<{ redirect_url: string | null }>('POST', `${base}complete/`),
  };
}

/** Asks the operators for a new link (always 202: the answer says nothing about the link). */
export function requestNewLink(token: string) {
  return request<unknown>('POST', 'enroll/request-link/', { token });
}
