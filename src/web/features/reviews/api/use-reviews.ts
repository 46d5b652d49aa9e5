import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '#core/reviews/review.ts';
import { api } from '#web/api/client.ts';

/** A review marks the booking rated and moves the provider's rating in lists and pages. */
export function useRateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => api.post('/reviews', { body: review }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['providers'] });
    },
  });
}
