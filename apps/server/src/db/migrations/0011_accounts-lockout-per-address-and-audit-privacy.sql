CREATE TABLE "login_backoff" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"delayed_until" timestamp with time zone,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Failures were counted per e-mail address alone; they are now counted per (e-mail, client address). The old counts
-- say nothing about addresses and last at most 15 minutes: they go.
DELETE FROM "login_failures";
--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_pkey";
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "ip" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_email_ip_pk" PRIMARY KEY("email","ip");
--> statement-breakpoint
-- A new password or a new e-mail address ends every reset link, invitation and e-mail change code still open for
-- the account, whichever way it was changed (profile, reset link, an administrator, the command line). A trigger,
-- so no code path can forget it.
CREATE OR REPLACE FUNCTION "account_tokens_end_on_new_credentials"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "account_tokens" SET "used_at" = now() WHERE "user_id" = NEW."id" AND "used_at" IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_new_credentials_end_tokens" AFTER UPDATE OF "password_hash", "email" ON "users" FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR lower(OLD."email") IS DISTINCT FROM lower(NEW."email")) EXECUTE FUNCTION "account_tokens_end_on_new_credentials"();
--> statement-breakpoint
-- Entries about the people the office keeps records of (drivers, parents, children) keep no personal value: record
-- ids (uuids under id, parentId, studentIds...) and the count of children stay, a changed field stays as "changed",
-- every other value goes (docs/decisions/020-personal-data-in-the-audit-log.md). An NFC tag is not a record id,
-- whatever its key (nfcTagId): only uuids pass. A trigger, so no code path can forget it.
CREATE OR REPLACE FUNCTION "audit_without_personal_values"("details" jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  kept jsonb := '{}'::jsonb;
  item record;
BEGIN
  IF jsonb_typeof("details") = 'array' THEN
    RETURN (SELECT coalesce(jsonb_agg(v) FILTER (WHERE v IS NOT NULL), '[]'::jsonb)
              FROM (SELECT "audit_without_personal_values"(e) AS v FROM jsonb_array_elements("details") e) elements);
  END IF;
  IF jsonb_typeof("details") IS DISTINCT FROM 'object' THEN
    RETURN NULL;
  END IF;
  FOR item IN SELECT key, value FROM jsonb_each("details") LOOP
    IF (item.key = 'id' OR item.key ~ '^[a-z][A-Za-z]*Ids?$') AND NOT EXISTS (
         SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(item.value) WHEN 'array' THEN item.value
                                               ELSE jsonb_build_array(item.value) END) e
          WHERE jsonb_typeof(e) IS DISTINCT FROM 'string'
             OR e #>> '{}' !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
       OR (item.key = 'children' AND jsonb_typeof(item.value) = 'number') THEN
      kept := kept || jsonb_build_object(item.key, item.value);
    ELSIF jsonb_typeof(item.value) = 'object' AND item.value ? 'from' THEN
      kept := kept || jsonb_build_object(item.key, 'changed');
    ELSIF jsonb_typeof(item.value) IN ('array', 'object') THEN
      kept := kept || jsonb_build_object(item.key, "audit_without_personal_values"(item.value));
    END IF;
  END LOOP;
  RETURN kept;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_keep_no_personal_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."details" := "audit_without_personal_values"(NEW."details");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_personal_values" BEFORE INSERT ON "audit_log" FOR EACH ROW WHEN (NEW."entity_type" IN ('driver', 'parent', 'student') AND NEW."details" IS NOT NULL) EXECUTE FUNCTION "audit_log_keep_no_personal_values"();
--> statement-breakpoint
UPDATE "audit_log" SET "details" = "audit_without_personal_values"("details") WHERE "entity_type" IN ('driver', 'parent', 'student') AND "details" IS NOT NULL;
