import { ERRORS, type ErrorCode } from '@portiere/contracts';

/** Error texts are the catalogue's own sentences (server and console say the same thing). */
export const error: Record<ErrorCode, string> = { ...ERRORS };

export const success = {
  login: 'Signed in successfully.',
  passwordChanged: 'Password changed.',
  temporaryCredentialCreated: 'Temporary credential created.',
  credentialCreated: 'Credential created.',
  objectDeleted: 'Deleted.',
  savedSettings: 'Settings saved.',
  imagesUploaded: 'Images uploaded.',
  entityCreated: 'Created.',
  dataExported: 'Data exported.',
  userSaved: 'User saved.',
  apiKeyReset: 'API key reset.',
  passwordReset: 'Password reset.',
  emailChanged: 'Email changed.',
  enrollmentEmailSent: 'Enrollment email sent.',
  recoveryModeActivated: 'Recovery mode activated.',
  pinResetEnabled: 'PIN reset enabled.',
};

export const info = {
  passwordMustChange: 'Your password must be changed.',
  copied: 'Copied to the clipboard.',
};
