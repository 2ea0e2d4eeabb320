CREATE TABLE "cart_reminders" (
	"user_id" text PRIMARY KEY NOT NULL,
	"contents" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_known" CHECK (kind in ('order_placed', 'order_received', 'order_status', 'contact_message', 'notify_me', 'notify_me_confirm', 'password_changed', 'seller_role_granted', 'seller_role_revoked', 'order_cancelled_by_buyer', 'test_email', 'cart_reminder'));