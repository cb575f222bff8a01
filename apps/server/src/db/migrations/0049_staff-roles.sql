-- Staff roles (decision 069): three back-office roles besides admin; existing accounts keep theirs. A school-staff
-- user's schools are staff_schools rows, kept by the office.
ALTER TYPE "public"."user_role" ADD VALUE IF NOT EXISTS 'dispatcher';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE IF NOT EXISTS 'viewer';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE IF NOT EXISTS 'school_staff';--> statement-breakpoint
CREATE TABLE "staff_schools" (
	"user_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_schools_user_id_school_id_pk" PRIMARY KEY("user_id","school_id")
);
--> statement-breakpoint
ALTER TABLE "staff_schools" ADD CONSTRAINT "staff_schools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schools" ADD CONSTRAINT "staff_schools_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_schools_school_id_idx" ON "staff_schools" USING btree ("school_id");