import type { LoginRequest, LoginResponse } from '@portiere/contracts';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import type { ChangePasswordRequest } from './authCalls';

export type { ChangePasswordRequest };

/**
 * The calls, with their answers' contract (zod), are a chunk of their own: the sign-in page
 * paints without it and fetches it at the first keystroke (preloadSignInCalls), well before the
 * user submits (issue 35).
 */
const calls = () => import('./authCalls');
export const preloadSignInCalls = () => void calls();

export const useLogin = (ui: MutationUi<LoginResponse, LoginRequest> = {}) =>
  useApiMutation({ mutationFn: async (body: LoginRequest) => (await calls()).login(body), ...ui });
export const useChangePassword = (ui: MutationUi<LoginResponse, ChangePasswordRequest> = {}) =>
  useApiMutation({ mutationFn: async (body: ChangePasswordRequest) => (await calls()).changePassword(body), ...ui });
