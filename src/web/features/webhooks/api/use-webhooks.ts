import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '#core/integrations/webhooks.ts';
import { api } from '#web/api/client.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

/** How often an open log refreshes while a delivery it shows is still being sent. */
const POLL_MS = 1000;

export const useWebhooks = (enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.list,
    enabled,
    queryFn: (): Promise<WebhookEndpoint[]> => api.get('/webhooks'),
  });

/**
 * An endpoint's newest deliveries. While `pollUntil` (a time) has not passed and one of them is
 * still pending, it refreshes every second: "Send test event" shows its outcome as it comes.
 */
export const useWebhookDeliveries = (id: string, pollUntil: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: (): Promise<WebhookDeliveryPage> =>
      api.get('/webhooks/{id}/deliveries', {
        params: { path: { id }, query: { page: 1, pageSize: 20 } },
      }),
    refetchInterval: (query) =>
      Date.now() < pollUntil && query.state.data?.deliveries.some((d) => d.status === 'pending')
        ? POLL_MS
        : false,
  });

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookInput) => api.post('/webhooks', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateWebhookInput & { id: string }) =>
      api.patch('/webhooks/{id}', { params: { path: { id } }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/webhooks/{id}', { params: { path: { id } } }),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/webhooks/{id}/test', { params: { path: { id } } }),
    onSuccess: (_answer, id) => client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useResendDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api.post('/webhooks/{id}/deliveries/{deliveryId}/resend', {
        params: { path: { id, deliveryId } },
      }),
    onSuccess: (_answer, { id }) =>
      client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useRotateSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post('/webhooks/{id}/rotate-secret', { params: { path: { id } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}
