ALTER TYPE "public"."audit_action" ADD VALUE 'payment.refund';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'ledger.resolve';--> statement-breakpoint
ALTER TYPE "public"."audit_target" ADD VALUE 'ledger_discrepancy';