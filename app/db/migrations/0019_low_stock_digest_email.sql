-- The daily low-stock digest is an e-mail kind of its own (Email Logs lists it like the others).
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_kind_known" CHECK (kind in ('order_placed', 'order_received', 'order_status', 'contact_message', 'notify_me', 'notify_me_confirm', 'password_changed', 'seller_role_granted', 'seller_role_revoked', 'order_cancelled_by_buyer', 'test_email', 'cart_reminder', 'return_update', 'return_requested', 'low_stock_digest'));
