-- Staff roles: an account that was 'admin' becomes a staff account with the admin role; one that was 'staff' gets the
-- support role (the least a staff account had; an admin grants more). Both set up a second factor at their next
-- sign-in.
INSERT INTO "staff_members" ("user_id", "roles", "created_at")
SELECT "id", CASE WHEN "role" = 'admin' THEN ARRAY['admin'] ELSE ARRAY['support'] END, "created_at"
FROM "users" WHERE "role" IN ('staff', 'admin');
--> statement-breakpoint
UPDATE "users" SET "role" = 'staff' WHERE "role" = 'admin';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("role" IN ('player', 'staff'));
--> statement-breakpoint
-- An approved withdrawal's reviewer is its approver: the payer must be someone else.
UPDATE "withdrawals" SET "approved_by" = "reviewed_by"
WHERE "status" = 'approved' AND "reviewed_by" IS NOT NULL AND "reviewed_by" <> "user_id";
--> statement-breakpoint
-- The audit log is append-only for everyone who goes through the product, whatever the code does.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
