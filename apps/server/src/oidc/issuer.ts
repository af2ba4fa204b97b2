/** Where the OpenID provider lives: its issuer is PUBLIC_URL + OIDC_PATH (contracts/webLogin.ts). */
import { OIDC_PATH } from '@portiere/contracts';

export const issuerOf = (publicUrl: string): string => `${publicUrl}${OIDC_PATH}`;
