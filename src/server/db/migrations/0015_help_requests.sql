CREATE TABLE "help_request_invites" (
	"request_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"status" text DEFAULT 'asked' NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "help_request_invites_request_id_provider_id_pk" PRIMARY KEY("request_id","provider_id"),
	CONSTRAINT "help_request_invites_status_check" CHECK ("help_request_invites"."status" in ('asked', 'declined', 'accepted', 'taken', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"request" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"radius_miles" double precision NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"next_step_at" timestamp with time zone,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "help_requests_status_check" CHECK ("help_requests"."status" in ('open', 'booked', 'cancelled', 'unanswered'))
);
--> statement-breakpoint
ALTER TABLE "help_request_invites" ADD CONSTRAINT "help_request_invites_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_invites" ADD CONSTRAINT "help_request_invites_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_request_invites_provider_idx" ON "help_request_invites" USING btree ("provider_id","asked_at");--> statement-breakpoint
CREATE INDEX "help_requests_driver_idx" ON "help_requests" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "help_requests_due_idx" ON "help_requests" USING btree ("next_step_at") WHERE "help_requests"."status" = 'open';