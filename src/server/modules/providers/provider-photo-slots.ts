import type { ReviewedSlots } from '../../storage/uploads.service.ts';

/** Where a business's photo is kept, and where a new one waits while an admin reviews it. */
export const providerPhotoSlots = (providerId: string): ReviewedSlots => ({
  live: `provider-photo:${providerId}`,
  waiting: `provider-photo-pending:${providerId}`,
});
