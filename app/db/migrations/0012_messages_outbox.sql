ALTER TABLE "email_outbox" RENAME TO "message_outbox";--> statement-breakpoint
ALTER SEQUENCE "email_outbox_id_seq" RENAME TO "message_outbox_id_seq";--> statement-breakpoint
ALTER TABLE "message_outbox" RENAME CONSTRAINT "email_outbox_pkey" TO "message_outbox_pkey";--> statement-breakpoint
ALTER TABLE "message_outbox" RENAME CONSTRAINT "email_outbox_status_known" TO "message_outbox_status_known";--> statement-breakpoint
ALTER TABLE "message_outbox" RENAME CONSTRAINT "email_outbox_kind_known" TO "message_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "message_outbox" RENAME CONSTRAINT "email_outbox_attempts_non_negative" TO "message_outbox_attempts_non_negative";--> statement-breakpoint
ALTER TABLE "message_outbox" RENAME CONSTRAINT "email_outbox_order_id_orders_id_fk" TO "message_outbox_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "email_outbox_due_idx" RENAME TO "message_outbox_due_idx";--> statement-breakpoint
ALTER INDEX "email_outbox_created_idx" RENAME TO "message_outbox_created_idx";--> statement-breakpoint
ALTER INDEX "email_outbox_order_number_idx" RENAME TO "message_outbox_order_number_idx";--> statement-breakpoint
ALTER INDEX "email_outbox_resent_from_idx" RENAME TO "message_outbox_resent_from_idx";--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_channel_known" CHECK (channel in ('email'));
