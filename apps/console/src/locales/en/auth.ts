export const auth = {
  title: 'Sign in',
  subtitle: 'Administration console',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  changePassword: 'Change password',
  otpPrompt: 'Enter the code sent to your email',
  code: 'Code',
  verify: 'Verify',
  back: 'Back',
};
