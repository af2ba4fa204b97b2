import { type LaFlow, type LaFlowInput, laFlowSchema } from '@portiere/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the assistant's flow: one per customer, read and replaced whole. */
export const laFlowKeys = { ...areaKeys('laFlow'), current: () => ['laFlow', 'current'] as const };

export const useLaFlow = () =>
  useQuery({ queryKey: laFlowKeys.current(), queryFn: () => api.get('/api/v1/la-flow/', { schema: laFlowSchema }) });

/** PUT: the answer is the saved flow; it replaces the cached one. */
export function useSaveLaFlow(ui: MutationUi<LaFlow, LaFlowInput> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (input: LaFlowInput) => api.put('/api/v1/la-flow/', { body: input, schema: laFlowSchema }),
    ...ui,
    onSuccess: (saved, input) => {
      queryClient.setQueryData(laFlowKeys.current(), saved);
      return ui.onSuccess?.(saved, input);
    },
  });
}
