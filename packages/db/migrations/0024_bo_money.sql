CREATE TABLE "adjustment_thresholds" (
	"currency" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustment_thresholds_amount" CHECK ("adjustment_thresholds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "staff_requests" DROP CONSTRAINT "staff_requests_four_eyes";--> statement-breakpoint
ALTER TABLE "staff_requests" ADD COLUMN "applied_alone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "adjustment_thresholds" ADD CONSTRAINT "adjustment_thresholds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_applied_alone" CHECK (not "staff_requests"."applied_alone" or ("staff_requests"."kind" = 'balance_adjustment' and "staff_requests"."status" = 'approved' and "staff_requests"."decided_by" = "staff_requests"."requested_by"));--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_four_eyes" CHECK ("staff_requests"."status" <> 'approved' or ("staff_requests"."decided_by" <> "staff_requests"."subject_user_id" and ("staff_requests"."decided_by" <> "staff_requests"."requested_by" or "staff_requests"."applied_alone")));