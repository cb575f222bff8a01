ALTER TYPE "public"."notification_kind" ADD VALUE 'OFFICE_MESSAGE';--> statement-breakpoint
CREATE TABLE "family_message_recipients" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"handled_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"channel" text,
	"read_at" timestamp with time zone,
	CONSTRAINT "family_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "family_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience" text NOT NULL,
	"audience_id" uuid,
	"audience_label" text NOT NULL,
	"body" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"recipients" integer,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "family_messages_audience_kind" CHECK ("family_messages"."audience" in ('run', 'route', 'school', 'stop', 'everyone')),
	CONSTRAINT "family_messages_state_kind" CHECK ("family_messages"."state" in ('QUEUED', 'SENDING', 'DONE'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "message_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "family_message_recipients" ADD CONSTRAINT "family_message_recipients_message_id_family_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."family_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_message_recipients" ADD CONSTRAINT "family_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_messages" ADD CONSTRAINT "family_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_message_recipients_user_idx" ON "family_message_recipients" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "family_messages_created_at_idx" ON "family_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "family_messages_open_idx" ON "family_messages" USING btree ("created_at") WHERE "family_messages"."state" <> 'DONE';--> statement-breakpoint
CREATE INDEX "message_templates_created_at_idx" ON "message_templates" USING btree ("created_at","id");