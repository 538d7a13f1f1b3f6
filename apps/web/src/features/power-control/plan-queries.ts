import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { LoadPlan, PlanPreview, PlanRequest } from '@portal/schema/power';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** POST /api/load-controls/plans/preview: the cheapest hours of a window and the saving; writes nothing. */
export function previewPlan(request: PlanRequest): Promise<PlanPreview> {
  return api<PlanPreview>('/api/load-controls/plans/preview', { method: 'POST', body: request });
}

/** GET /api/load-controls/plans: the customer's latest plans. */
export function getPlans(): Promise<LoadPlan[]> {
  return api<LoadPlan[]>('/api/load-controls/plans');
}

/** POST /api/load-controls/plans. */
export function createPlan(request: PlanRequest): Promise<LoadPlan> {
  return api<LoadPlan>('/api/load-controls/plans', { method: 'POST', body: request });
}

/** DELETE /api/load-controls/plans/{planId}. */
export function cancelPlan(planId: string): Promise<LoadPlan> {
  return api<LoadPlan>(`/api/load-controls/plans/${encodeURIComponent(planId)}`, { method: 'DELETE' });
}

export const plansQueryOptions = queryOptions({ queryKey: queryKeys.power.plans(), queryFn: getPlans });
export const usePlans = () => useQuery(plansQueryOptions);

export function usePlanChange<T>(change: (input: T) => Promise<LoadPlan>) {
  return useRefreshingMutation(queryKeys.power.all, change);
}

export const usePreviewPlan = () => useMutation({ mutationFn: previewPlan });
