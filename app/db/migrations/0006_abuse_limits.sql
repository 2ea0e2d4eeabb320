CREATE TABLE "rate_limit_counters" (
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_rule_subject_pk" PRIMARY KEY("rule","subject")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "notify_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notify_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
-- Hand-written: sign-ups made before double opt-in keep counting (they were taken under the old terms).
UPDATE "notify_subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_subscriptions_confirm_token_idx" ON "notify_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "notify_subscriptions_unconfirmed_idx" ON "notify_subscriptions" USING btree ("created_at") WHERE "notify_subscriptions"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_known" CHECK (kind in ('order_placed', 'order_received', 'order_status', 'contact_message', 'notify_me', 'notify_me_confirm', 'password_changed', 'seller_role_granted', 'seller_role_revoked'));