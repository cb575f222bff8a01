-- A new password or a new e-mail address ends every reset link, invitation and e-mail change code still open for the
-- account, whichever way it was changed (profile, reset link, an administrator, the command line). A trigger, so no
-- code path can forget it.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Last changed: 0011_accounts-lockout-per-address-and-audit-privacy.sql
CREATE OR REPLACE FUNCTION "account_tokens_end_on_new_credentials"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "account_tokens" SET "used_at" = now() WHERE "user_id" = NEW."id" AND "used_at" IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0011_accounts-lockout-per-address-and-audit-privacy.sql
CREATE OR REPLACE TRIGGER "users_new_credentials_end_tokens" AFTER UPDATE OF "password_hash", "email" ON "users" FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR lower(OLD."email") IS DISTINCT FROM lower(NEW."email")) EXECUTE FUNCTION "account_tokens_end_on_new_credentials"();
