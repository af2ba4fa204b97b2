import { dialogName } from '../components/dialogs/dialogRegistry';

/**
 * The app's own dialogs by name, apart from their components: the route guard opens them from
 * the shell the sign-in page shares, which loads no MUI (the dialogs come with DialogsHost).
 */
export const LOGOUT_DIALOG = dialogName('logout');
