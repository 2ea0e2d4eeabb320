CREATE TABLE "cost_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Cost files previewed before this move are dropped (Apply then asks for the file again, as after a day).
DELETE FROM "courier_uploads" WHERE "purpose" <> 'courier';--> statement-breakpoint
ALTER TABLE "courier_uploads" DROP CONSTRAINT "courier_uploads_purpose_known";--> statement-breakpoint
ALTER TABLE "cost_files" ADD CONSTRAINT "cost_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_uploads" DROP COLUMN "purpose";