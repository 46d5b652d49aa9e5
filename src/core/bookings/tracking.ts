import { z } from 'zod';

export const positionInputSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type PositionInput = z.infer<typeof positionInputSchema>;

export const trackingPositionSchema = z.object({
  bookingId: z.uuid(),
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  recordedAt: z.iso.datetime(),
});
export type TrackingPosition = z.infer<typeof trackingPositionSchema>;
