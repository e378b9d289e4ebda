CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text,
	"roles" text[] NOT NULL,
	"locale" text NOT NULL,
	"token_hash" text NOT NULL,
	"totp_pending_secret" text,
	"invited_by" bigint,
	"approved_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"user_id" bigint,
	CONSTRAINT "staff_invitations_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_roles_known" CHECK ("staff_invitations"."roles" <@ array['support', 'finance', 'risk', 'trader', 'marketing', 'content', 'admin']::text[]),
	CONSTRAINT "staff_invitations_has_role" CHECK (cardinality("staff_invitations"."roles") > 0),
	CONSTRAINT "staff_invitations_approver_not_inviter" CHECK ("staff_invitations"."approved_by" <> "staff_invitations"."invited_by")
);
--> statement-breakpoint
ALTER TABLE "staff_requests" DROP CONSTRAINT "staff_requests_four_eyes";--> statement-breakpoint
ALTER TABLE "staff_requests" ALTER COLUMN "subject_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_four_eyes" CHECK ("staff_requests"."status" <> 'approved' or ("staff_requests"."decided_by" is not null and "staff_requests"."decided_by" is distinct from "staff_requests"."subject_user_id" and ("staff_requests"."decided_by" <> "staff_requests"."requested_by" or "staff_requests"."applied_alone")));