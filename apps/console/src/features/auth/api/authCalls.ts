import { type LoginRequest, loginResponseSchema } from '@portiere/contracts';
import { type BodyOf, publicApi } from '../../../lib/api/client';

export type ChangePasswordRequest = BodyOf<'/api/v1/login/change-password/', 'post'>;

/** Sign-in calls go out without a bearer and never trigger a token refresh. */
export const login = (body: LoginRequest) => publicApi.post('/api/v1/login/', { body, schema: loginResponseSchema });
export const changePassword = (body: ChangePasswordRequest) =>
  publicApi.post('/api/v1/login/change-password/', { body, schema: loginResponseSchema });
