import type { UserType } from '@portiere/contracts';

/** Where each user type lands after sign-in or when refused a page. */
export function homeFor(userType: UserType | null | undefined): string {
  if (userType === 'CustomerUser') return '/dashboard';
  if (userType === 'ResellerUser') return '/customer-view';
  return '/';
}
