/** What the portal shows of a credential: its kind, whether it is enrolled, and a partly hidden target. */
import { type CredentialType, type EnrollmentCredential, maskEmail } from '@portiere/contracts';

/** +39******1234: the country code's first digits and the last four. */
export function maskPhone(phone: string): string {
  const head = phone.startsWith('+') ? 3 : 2;
  const tail = 4;
  if (phone.length <= head + tail) return '*'.repeat(phone.length);
  return `${phone.slice(0, head)}${'*'.repeat(phone.length - head - tail)}${phone.slice(-tail)}`;
}

export function maskTarget(type: CredentialType, target: string | null): string | null {
  if (!target) return null;
  if (type === 'mail') return maskEmail(target);
  if (type === 'sms') return maskPhone(target);
  return null;
}

/** From a credential row or its API shape (both carry these fields). */
export function enrollmentCredential(c: {
  id: string;
  type: CredentialType;
  description: string;
  isEnrolled: boolean;
  target: string | null;
}): EnrollmentCredential {
  return {
    id: c.id,
    type: c.type,
    description: c.description,
    enrolled: c.isEnrolled,
    target: maskTarget(c.type, c.target),
  };
}
