UPDATE "booking_share_links" SET "expires_at" = "created_at" + interval '24 hours' WHERE "expires_at" IS NULL OR "expires_at" > "created_at" + interval '24 hours';--> statement-breakpoint
ALTER TABLE "booking_share_links" ALTER COLUMN "expires_at" SET NOT NULL;
