ALTER TYPE "public"."alert_kind" ADD VALUE 'OFF_ROUTE';--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'MISSED_STOP';