/** Built-in mail texts for staff sign-in; `{tag}` placeholders are filled by render(). */
export function render(template: string, tags: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in tags ? String(tags[k]) : m));
}

export const LOGIN_OTP_MAIL = {
  subject: 'Your Portiere sign-in code: {otp}',
  text: 'Hello {username},\n\nyour Portiere sign-in code is {otp}.\nIt is valid for {minutes} minutes and can be used once.\n\nIf you did not try to sign in, change your password and tell your administrator.\n',
};
