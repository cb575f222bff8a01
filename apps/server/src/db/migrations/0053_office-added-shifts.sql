ALTER TABLE "driver_shift_corrections" ALTER COLUMN "clock_in_before" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_shifts" ALTER COLUMN "tapped_in_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_shifts" ALTER COLUMN "clock_in_client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_shifts" ALTER COLUMN "received_in_at" DROP NOT NULL;