/**
 * Mails to staff accounts about their account (not the members' templates, which customers
 * edit): a new manager user's temporary password, a password reset, an email change's
 * confirmation link and the notice to the old address. Plain text with `{tag}`s (composeMail).
 */

/** A new account: username and a temporary password that must be changed at the first sign-in. */
export const ACCOUNT_CREATED_MAIL = {
  subject: 'Your Portiere account for {customer}',
  content:
    'Hello,\n\nan account to manage {customer} on Portiere has been created for you.\n\n' +
    'Username: {username}\nTemporary password: {password}\n\n' +
    'Sign in at {console_url} with them; you will then choose your own password.\n',
};

export const PASSWORD_RESET_MAIL = {
  subject: 'Your Portiere password was reset',
  content:
    'Hello,\n\nthe password of your Portiere account {username} was reset by your administrator.\n\n' +
    'Temporary password: {password}\n\n' +
    'Sign in at {console_url} with it; you will then choose your own password. Your open sessions were ended.\n',
};

export const EMAIL_CHANGE_MAIL = {
  subject: 'Confirm your new Portiere email address',
  content:
    'Hello,\n\nthe email address of the Portiere account {username} is to change to this one.\n\n' +
    'Open {confirm_link} to confirm it. The link can be used once and is valid for {hours} hours.\n\n' +
    'If you did not expect this mail, ignore it: nothing changes.\n',
};

export const EMAIL_CHANGED_MAIL = {
  subject: 'Your Portiere email address was changed',
  content:
    'Hello,\n\nthe Portiere account {old_username} now uses the address {username}: sign in with it from now on.\n\n' +
    'If you did not ask for this, tell your administrator.\n',
};
