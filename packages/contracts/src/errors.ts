/**
 * Error catalogue (spec section 8). `code` is the stable key the console translates;
 * `reason` is the English sentence the server sends and the console falls back to.
 */
export const ERRORS = {
  generic: 'An error has occurred',
  login: 'Login failed.',
  noOtpMail: 'No Mail Credential is configured for this user. Please contact your administrator.',
  genericApiFail: 'Error retrieving data from server. Check your connection and try reloading your page.',
  passwordsNotMatching: 'Passwords are not matching.',
  changePassword: 'Password change failed.',
  savingSettings: 'Error while saving settings.',
  usernameExists: 'Username already exists.',
  credentialExists: 'A {type} credential for this user already exists.',
  exportFailed: 'Error exporting data.',
  imagesUploaded: 'Error uploading images.',
  imageInvalid: 'The image is not valid.',
  imagesMissing: 'Choose a logo or a named logo to upload.',
  apiKeyInvalid: 'The API key is not valid, has expired or was reset.',
  apiKeyScope: 'This API key does not have the scope {scope}.',
  apiKeyNotAllowed: 'This call cannot be made with an API key.',
  emailChangeInvalid: 'This confirmation link is not valid or has expired.',
  emailExists: 'This email address is already used by another account.',
  scriptType: 'Scripts must be {extensions} files, and text scripts plain UTF-8 text.',
  scriptTooLarge: 'The script is {actual} KB; at most {max} KB is accepted.',
  scriptMissing: 'Choose a script file to upload.',
  scriptNotFound: 'The script does not exist.',
  managerUserNotFound: 'The manager user does not exist.',
  enrollmentLinkInvalid: 'This enrolment link is not valid.',
  enrollmentLinkExpired: 'This enrolment link has expired.',
  enrollmentLinkUsed: 'This enrolment link has already been used.',
  enrollmentKindNotAllowed: 'This kind of credential cannot be set up here.',
  enrollmentNothingEnrolled: 'Set up at least one credential before finishing.',
  webauthnRefused: 'The security key could not be verified. Please try again.',
  webauthnRegistered: 'This security key is already registered.',
  staffHasNoEmail: 'Your account has no email address to send the test mail to.',
  signInThrottled: 'Too many failed sign-ins. Try again in {minutes} min.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  otpResendTooSoon: 'A code was sent less than a minute ago. Please check your email.',
  otpExpired: 'The code has expired. Sign in again to receive a new one.',
  changeTokenInvalid: 'The password change session has expired. Sign in again.',
  unauthenticated: 'Authentication is required.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  validation: 'Some fields are not valid.',
  smsNotConfigured: 'No SMS gateway is configured in the settings.',
  smsFailed: 'The SMS gateway did not accept the message.',
  mailFailed: 'The mail could not be sent.',
  credentialNotAllowed: 'The configuration of this user does not allow a {type} credential.',
  credentialNotIssued: 'The CMS settings do not allow issuing a {type} credential.',
  pinResetNotSmartcard: 'Only a smartcard PIN can be reset.',
  pinResetInvalid: 'This PIN reset code is not valid, was used or has expired.',
  cmsGroupRequired: 'Only members of the CMS group {group} may do this at a workstation.',
  cmsAdminRequired: 'Only an administrator may do this at a workstation.',
  temporaryCardsOff: 'The CMS settings do not allow issuing temporary cards.',
  credentialInvalidInput: 'The credential data is not valid.',
  memberHasNoEmail: 'This user has no email address.',
  memberHasNoPhone: 'This user has no phone number.',
  credentialNotTestable: 'This credential cannot be tested here.',
  credentialLocked: 'The credential is locked after too many wrong attempts.',
  appAlreadyActive: 'The app is already active.',
  groupNotFound: 'The configuration group does not exist.',
  cardAlreadyPaired: 'This card is already paired.',
  memberHasCard: 'This user already has a paired temporary card.',
  expirationInPast: 'The expiration date must be in the future.',
  cardCodeExists: 'A card with this code already exists.',
  cardCodeLength: 'The card code must have {length} digits.',
  recoveryModeActive: 'Recovery mode is already active for this user.',
  recoveryModeInactive: 'Recovery mode is not active for this user.',
  autologonNoIdentities: 'A user with no identities cannot use autologon.',
  nameExists: 'This name is already used.',
  conflict: 'This conflicts with data that already exists.',
  invalidText: 'Text must not contain NUL characters or broken Unicode.',
  badRequest: 'The request is not valid.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not accepted; send JSON.',
  methodNotAllowed: 'This address does not accept this method.',
  multipartExpected: 'Send the files as multipart/form-data.',
  applicationCreateFailed: 'The application could not be created: check the fields marked in the form.',
  applicationNotFound: 'The application does not exist.',
  baseApplicationInvalid: 'The base application cannot be this application or one derived from it.',
  applicationInUse: 'Other applications derive from this one ({count}), so it cannot be deleted.',
  flowNotFound: 'The flow does not exist.',
  flowInUse:
    'This flow is used by {applications} applications, {roles} app roles and {profiles} profiles, so it cannot be deleted.',
  publicClientNoSecret: 'This type of application has no client secret: it proves itself with PKCE.',
  appRoleExists: 'An app role for this application and configuration group already exists.',
  laDisabled: 'The login assistant is not enabled for this customer.',
  loginGroupInUse:
    'This login group still has {credentials} credentials and {applications} applications: remove them before deleting it.',
  loginGroupNotFound: 'The login group does not exist.',
  laAppNotFound: 'The login assistant application does not exist.',
  laAppInUse: 'This application is in {count} login groups: remove it from them before deleting it.',
  profileExists: 'A profile for this application and configuration group already exists.',
  profileNotOfApp: "The default profile must be one of this application's profiles.",
  laUserExists: 'This user already has a credential in this login group.',
  laPasswordGenerated: 'Passwords are generated by the server for this customer: leave the password empty.',
  laAutologonDisabled: 'Autologon is turned off in the login assistant settings.',
  laSettingForbids: 'The login assistant settings do not allow this.',
  laFlowNotSet: "The login assistant's sign-in flow is not set up.",
  assistantSignInExpired: 'This sign-in has expired or is finished. Start again.',
  assistantStepUpRequired: 'This application needs its own sign-in flow first.',
  signInExpired: 'This sign-in has expired or is finished. Go back to the application and start again.',
  signInBlocked: 'Your account is blocked. Please contact your administrator.',
  signInWebLoginDisabled: 'Web sign-in is not enabled for your account. Please contact your administrator.',
  signInNoFlow: 'No sign-in flow is set up for this application. Please contact your administrator.',
  signInTooManyFailures: 'Too many wrong answers. Go back to the application and start again.',
  signInDenied: 'The sign-in was refused on your app.',
  signInResendTooSoon: 'A code was sent less than a minute ago. Please wait before asking again.',
  deviceNotFound: 'This device is not enrolled.',
  deviceBiometryNotNeeded: 'This account does not ask for biometry on the phone.',
  deviceNumberRequired: 'Pick the number shown on the sign-in page.',
  deviceBiometryRequired: 'Confirm it is you on this phone to approve.',
  signInWrongNumber: 'The number picked in the app was not the one shown here.',
  signInReported: 'The sign-in was refused on your app and reported.',
  workstationKeyInvalid: 'The workstation key is not valid or was revoked.',
  workstationMachineRequired: 'A fleet key must name the machine it signs in at.',
  workstationSignInExpired: 'This sign-in has expired or is finished. Start again.',
  workstationLoginDisabled: 'Workstation sign-in is not enabled for your account. Please contact your administrator.',
  workstationNoFlow: 'No workstation sign-in flow is set up. Please contact your administrator.',
  workstationIdentityExpired: 'Your identity for this workstation has expired. Please contact your administrator.',
  workstationCertificateExpired: 'The certificate of your smartcard has expired.',
  workstationNoChallenge: 'Ask for a challenge first, then sign it.',
  workstationOfflineGone: 'This offline access was revoked or has expired. Sign in online.',
  pskcInvalid: 'The file is not a PSKC key container (RFC 6030).',
  pskcDoctype: 'The file declares a DOCTYPE, which is not accepted in a PSKC file.',
  pskcUnsupported:
    'The file protects its keys with {what}, which is not supported: ask the vendor for a file with a pre-shared key (AES-128-CBC, HMAC-SHA1).',
  pskcKeyNeeded: 'The secrets in this file are encrypted: enter the pre-shared key the vendor sent.',
  pskcKeyWrong: 'The pre-shared key does not open this file, or the file was altered: nothing was imported.',
  pskcKeyAlgorithm: 'Only HOTP and TOTP keys can be imported.',
  pskcKeyNoSerial: 'The key has no serial number.',
  pskcKeyNoSecret: 'The key has no readable secret.',
  pskcKeyParameters: 'The key has parameters that are not supported (6 to 8 decimal digits, SHA1, SHA256 or SHA512).',
  hardwareTokensDisabled: 'Hardware tokens are not enabled in the CMS settings of this customer.',
  hardwareTokenNotInStock: 'This token is not in stock: it is assigned or retired.',
  hardwareTokenNotAssigned: 'This token is not assigned to a user.',
  hardwareTokenResyncFailed:
    'These two codes do not follow each other on this token: read two new codes and try again.',
  hardwareTokenMemberNeeded: 'Choose the user the token goes to.',
  memberUsernameUnknown: 'No user has this username.',
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** Body of every error answer. */
export interface ApiErrorBody {
  reason: string;
  code: ErrorCode | string;
  params?: Record<string, string | number>;
  /** Per-field messages for 400 validation errors, keyed by dotted path. */
  details?: Record<string, FieldError>;
}

/** A field error: message key, its English text and its parameters. */
export interface FieldError {
  key: ValidationKey;
  message: string;
  params?: Record<string, string | number>;
}

/** Validation messages (spec section 5). */
export const VALIDATION = {
  required: 'This field is required.',
  range: 'Value must be between {min} and {max}.',
  url: 'This URL is not valid.',
  httpUrl: 'The URL must start with http:// or https://.',
  passwordsMatch: 'Passwords do not match.',
  minLength: 'Must be at least {min} characters.',
  maxLength: 'Must be at most {max} characters.',
  notOnlyNumbers: 'The password cannot be only numbers.',
  onlyNumbers: 'Only numbers are allowed.',
  mandatoryTag: 'Mandatory tag is missing: {tag}.',
  unknownTag: 'Unknown tag: {tag}.',
  smsOtpPlaceholder: 'The SMS message must include the {placeholder} placeholder.',
  email: 'This email address is not valid.',
  phone: 'The phone number must start with + and a country code, followed by exactly 10 digits.',
  json: 'This is not valid JSON.',
  jsonDuplicateKey: 'Duplicate JSON key not allowed: {key}.',
  positive: 'Value must be positive.',
  oneOf: 'Value must be one of: {values}.',
  color: 'Colour must be a hex value such as #1A2B3C.',
  invalid: 'This value is not valid.',
  invalidText: 'Text must not contain NUL characters or broken Unicode.',
  pinLength: 'The PIN must have between {min} and {max} digits.',
  rsaKeySize: 'RSA keys must have at least {bits} bits.',
  publicKey: 'This is not a valid PEM public key (RSA, EC or Ed25519).',
  certificate: 'This is not a valid PEM X.509 certificate.',
  cardCodeLength: 'The card code must have {length} digits.',
  futureDate: 'The expiration date must be in the future.',
  usernameExists: 'Username already exists.',
  nameExists: 'This name is already used.',
  configurationNotFound: 'The configuration group does not exist.',
  passwordReused: 'The new password must differ from the current one.',
  applicationName: 'Must start with a letter and contain only letters, numbers or underscores (at least 2 characters).',
  terminatingNotInFlow: 'A terminating credential must be part of the flow: {types}.',
  executableName: 'Must be a file name such as app.exe, without a folder.',
  /** Image uploads (spec section 5): per file, in the `details` of an imagesUploaded answer. */
  imageType: 'Must be a PNG, JPEG or SVG image.',
  imageTooLarge: 'The file is {actual} KB; at most {max} KB is accepted.',
  imageWidthExact: 'Must be {required} pixels wide; this image is {actual}.',
  imageWidthMax: 'Must be at most {required} pixels wide; this image is {actual}.',
  imageHeightExact: 'Must be {required} pixels high; this image is {actual}.',
  imageHeightMax: 'Must be at most {required} pixels high; this image is {actual}.',
  imageUnsafeSvg: 'This SVG contains scripts, event handlers or external references.',
} as const;
export type ValidationKey = keyof typeof VALIDATION;

export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

export function fieldError(key: ValidationKey, params?: Record<string, string | number>): FieldError {
  return { key, message: formatMessage(VALIDATION[key], params), ...(params ? { params } : {}) };
}
