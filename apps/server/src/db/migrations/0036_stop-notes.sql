ALTER TABLE "stops" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "stops" ADD COLUMN "profile_image" text;--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_note_length" CHECK (char_length("stops"."note") <= 500);