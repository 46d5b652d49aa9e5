CREATE TYPE "public"."audit_action" AS ENUM('provider.verification', 'provider.status', 'provider.create', 'user.suspend', 'user.reactivate', 'booking.status');--> statement-breakpoint
CREATE TYPE "public"."audit_target" AS ENUM('user', 'provider', 'booking');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" "audit_action" NOT NULL,
	"target_type" "audit_target" NOT NULL,
	"target_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "service_providers_search_idx";--> statement-breakpoint
DROP INDEX "service_providers_rank_idx";--> statement-breakpoint
DROP INDEX "bookings_status_idx";--> statement-breakpoint
DROP INDEX "bookings_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "service_providers_search_idx" ON "service_providers" USING btree ("search_cell",("status" = 'available') desc,"rating" DESC NULLS LAST,"latitude","longitude","status","service_type","visit_fee","is_24_hour","accepts_aaa","id") WHERE "service_providers"."verification" = 'approved' and "service_providers"."suspended_at" is null;--> statement-breakpoint
CREATE INDEX "service_providers_rank_idx" ON "service_providers" USING btree (("status" = 'available') desc,"rating" DESC NULLS LAST,"id") WHERE "service_providers"."verification" = 'approved' and "service_providers"."suspended_at" is null;--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","created_at","actual_cost","visit_fee");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at","status","actual_cost","visit_fee");--> statement-breakpoint
CREATE FUNCTION "audit_log_read_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_read_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_read_only"();
