ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_type" "plan_type";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "test_gateway_subscriptions" ADD COLUMN "scheduled_plan_type" text;