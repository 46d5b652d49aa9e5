DROP INDEX "service_providers_earth_idx";--> statement-breakpoint
ALTER TABLE "service_providers" ALTER COLUMN "latitude" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "service_providers" ALTER COLUMN "longitude" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "latitude" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "longitude" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "search_cell" integer GENERATED ALWAYS AS (floor((latitude + 90) / 0.25)::int * 1440 + floor((longitude + 180) / 0.25)::int % 1440) STORED;--> statement-breakpoint
CREATE INDEX "service_providers_search_idx" ON "service_providers" USING btree ("search_cell",("status" = 'available') desc,"rating" DESC NULLS LAST,"latitude","longitude","status","service_type","visit_fee","is_24_hour","accepts_aaa","id") WHERE "service_providers"."verification" = 'approved';--> statement-breakpoint
CREATE INDEX "service_providers_rank_idx" ON "service_providers" USING btree (("status" = 'available') desc,"rating" DESC NULLS LAST,"id") WHERE "service_providers"."verification" = 'approved';