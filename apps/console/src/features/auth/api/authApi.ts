import type { LoginRequest, LoginResponse } from '@portiere/contracts';
import { api } from '../../../lib/api/client';

/** Sign-in calls go out without a bearer and never trigger a token refresh. */
export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('login/', body, { auth: false }),
  changePassword: (body: { change: string; new_password: string }) =>
    api.post<LoginResponse>('login/change-password/', body, { auth: false }),
};
