CREATE TABLE "waiting_room" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_ticket" bigint DEFAULT 0 NOT NULL,
	"admitted_through" bigint DEFAULT 0 NOT NULL,
	"per_second" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_room_one_row" CHECK ("waiting_room"."id" = 1),
	CONSTRAINT "waiting_room_admitted_given" CHECK ("waiting_room"."admitted_through" <= "waiting_room"."last_ticket")
);
