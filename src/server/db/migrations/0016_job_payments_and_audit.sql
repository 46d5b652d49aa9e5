ALTER TYPE "public"."payment_status" ADD VALUE 'processing';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'awaiting_confirmation';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'disputed';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'user.update';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'user.email_change';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'provider.update';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'subscription.update';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'payment.resolve';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'export.read';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'outbox.read';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'reminder.settings';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'reminder.create';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'reminder.send';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'subscription.pay';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'help_request.cancel';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'share_link.revoke';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'subscription';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'payment';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'export';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'outbox';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'reminder';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'help_request';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'share_link';--> statement-breakpoint
DROP INDEX "payments_booking_paid_unique";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "target_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "test_gateway_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- Hand-written: a payment still in play (being charged, paid, cash awaiting confirmation or in
-- dispute). Compared as text inside a function, because a fresh database runs every migration in
-- one transaction, where enum literals added by ALTER TYPE cannot be used; declared immutable
-- (the labels are never renamed) so the index predicate below may call it.
CREATE FUNCTION payment_in_play(status payment_status) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  RETURN status::text NOT IN ('pending', 'failed', 'refunded');
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_one_open" ON "payments" USING btree ("booking_id") WHERE payment_in_play("payments"."status");--> statement-breakpoint
CREATE INDEX "payments_disputed_idx" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_intents_idempotency_unique" ON "test_gateway_intents" USING btree ("idempotency_key");