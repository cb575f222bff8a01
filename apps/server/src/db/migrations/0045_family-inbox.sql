CREATE TYPE "public"."family_message_side" AS ENUM('GUARDIAN', 'OFFICE');--> statement-breakpoint
CREATE TYPE "public"."family_thread_state" AS ENUM('OPEN', 'CLOSED');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'OFFICE_REPLY';--> statement-breakpoint
CREATE TABLE "family_thread_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"side" "family_message_side" NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"date" date NOT NULL,
	"state" "family_thread_state" DEFAULT 'OPEN' NOT NULL,
	"assignee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"office_read_at" timestamp with time zone,
	"guardian_read_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manifest_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"note" text NOT NULL,
	"thread_id" uuid,
	"written_by" uuid,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manifest_notes_student_date_unique" UNIQUE("student_id","date"),
	CONSTRAINT "manifest_notes_note_length" CHECK (char_length("manifest_notes"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "office_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "family_thread_messages" ADD CONSTRAINT "family_thread_messages_thread_id_family_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."family_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_thread_messages" ADD CONSTRAINT "family_thread_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_threads" ADD CONSTRAINT "family_threads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_threads" ADD CONSTRAINT "family_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_threads" ADD CONSTRAINT "family_threads_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_notes" ADD CONSTRAINT "manifest_notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_notes" ADD CONSTRAINT "manifest_notes_thread_id_family_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."family_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_notes" ADD CONSTRAINT "manifest_notes_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_thread_messages_thread_idx" ON "family_thread_messages" USING btree ("thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "family_threads_state_idx" ON "family_threads" USING btree ("state","last_message_at");--> statement-breakpoint
CREATE INDEX "family_threads_author_idx" ON "family_threads" USING btree ("author_id","last_message_at");--> statement-breakpoint
CREATE INDEX "family_threads_student_idx" ON "family_threads" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "family_threads_assignee_idx" ON "family_threads" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "manifest_notes_date_idx" ON "manifest_notes" USING btree ("date");