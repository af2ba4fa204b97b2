import {
  type changePasswordRequestSchema,
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
} from '@portiere/contracts';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';

export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Sign-in calls go out without a bearer and never trigger a token refresh. */
export const login = (body: LoginRequest) => api.post('login/', body, { auth: false, schema: loginResponseSchema });
export const changePassword = (body: ChangePasswordRequest) =>
  api.post('login/change-password/', body, { auth: false, schema: loginResponseSchema });

export const useLogin = (ui: MutationUi<LoginResponse, LoginRequest> = {}) =>
  useApiMutation({ mutationFn: login, ...ui });
export const useChangePassword = (ui: MutationUi<LoginResponse, ChangePasswordRequest> = {}) =>
  useApiMutation({ mutationFn: changePassword, ...ui });
