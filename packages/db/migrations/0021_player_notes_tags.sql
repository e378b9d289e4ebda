CREATE TABLE "player_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_notes_body_length" CHECK (char_length("player_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "player_tags" (
	"user_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"added_by" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tags_user_id_tag_pk" PRIMARY KEY("user_id","tag"),
	CONSTRAINT "player_tags_tag_format" CHECK ("player_tags"."tag" ~ '^[a-z0-9][a-z0-9_-]{0,31}$')
);
--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notes_user_idx" ON "player_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "player_tags_tag_idx" ON "player_tags" USING btree ("tag");