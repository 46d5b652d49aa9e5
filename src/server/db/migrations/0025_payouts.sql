CREATE TABLE "test_gateway_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"individual" jsonb,
	"bank_routing" text,
	"bank_last4" text,
	"bank_behaviour" text,
	"payout_interval" text DEFAULT 'daily' NOT NULL,
	"weekly_anchor" text DEFAULT 'monday' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"available_on" timestamp with time zone NOT NULL,
	"source_id" text NOT NULL,
	"payout_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_refund_cents" integer DEFAULT 0 NOT NULL,
	"reversal_cents" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid,
	"gateway_ref" text NOT NULL,
	"field" text NOT NULL,
	"ledger_cents" bigint NOT NULL,
	"gateway_cents" bigint NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"movement_key" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payment_id" uuid,
	"booking_id" uuid,
	"provider_id" uuid,
	"payout_id" uuid,
	"gateway_ref" text,
	"available_on" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"gateway_dispute_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_refund_cents" integer NOT NULL,
	"reversal_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" uuid,
	"gateway_refund_id" text,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'pending_verification' NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"bank_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"gateway_payout_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "platform_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "destination_account_id" text;--> statement-breakpoint
ALTER TABLE "test_gateway_intents" ADD COLUMN "application_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "test_gateway_intents" ADD COLUMN "destination_account_id" text;--> statement-breakpoint
ALTER TABLE "test_gateway_intents" ADD COLUMN "amount_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_gateway_btx_account_idx" ON "test_gateway_balance_transactions" USING btree ("account_id","available_on");--> statement-breakpoint
CREATE INDEX "test_gateway_btx_payout_idx" ON "test_gateway_balance_transactions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "test_gateway_payouts_due_idx" ON "test_gateway_payouts" USING btree ("status","arrival_date");--> statement-breakpoint
CREATE INDEX "test_gateway_refunds_intent_idx" ON "test_gateway_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_refunds_idempotency_unique" ON "test_gateway_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_discrepancies_open_unique" ON "ledger_discrepancies" USING btree ("gateway_ref","field") WHERE "ledger_discrepancies"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_discrepancies_detected_idx" ON "ledger_discrepancies" USING btree ("detected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_movement_account_unique" ON "ledger_entries" USING btree ("movement_key","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_provider_idx" ON "ledger_entries" USING btree ("provider_id","account","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_kind_idx" ON "ledger_entries" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_gateway_unique" ON "payment_disputes" USING btree ("gateway_dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_idx" ON "payment_disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_open_idx" ON "payment_disputes" USING btree ("status","evidence_due_by");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_gateway_unique" ON "payment_refunds" USING btree ("gateway_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_gateway_unique" ON "payout_accounts" USING btree ("provider_id","gateway");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_account_unique" ON "payout_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payouts_gateway_unique" ON "provider_payouts" USING btree ("gateway_payout_id");--> statement-breakpoint
CREATE INDEX "provider_payouts_provider_idx" ON "provider_payouts" USING btree ("provider_id","created_at");