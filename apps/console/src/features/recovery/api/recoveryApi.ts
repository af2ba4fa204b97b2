import type { RecoveryMode } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface RecoveryModeList {
  count: number;
  results: RecoveryMode[];
  next_page: number | null;
}
export interface RecoveryCodeCreated {
  code: string;
  expires_at: string;
}
export interface RecoveryModeActivated extends RecoveryCodeCreated {
  recovery_mode: RecoveryMode;
}

const user = (memberId: string) => `users/${encodeURIComponent(memberId)}/`;

export const recoveryModesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['recovery-mode', 'list', { page, pageSize }],
    queryFn: () => api.get<RecoveryModeList>('recovery-mode/', { query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });

/** The member's active recovery mode (null when none). */
export const memberRecoveryModeQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['recovery-mode', 'member', memberId],
    queryFn: () => api.get<RecoveryMode | null>(`${user(memberId)}recovery-mode/`),
  });

export const activateRecoveryMode = (memberId: string) =>
  api.post<RecoveryModeActivated>(`${user(memberId)}recovery-mode/`);
export const deactivateRecoveryMode = (memberId: string) => api.delete<void>(`${user(memberId)}recovery-mode/`);
export const createRecoveryCode = (memberId: string) =>
  api.post<RecoveryCodeCreated>(`${user(memberId)}recovery-codes/`);

/** Everything that shows recovery state. */
export const RECOVERY_KEYS = [['recovery-mode'], ['workstation-users']] as const;
