CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"filename" varchar(255) NOT NULL,
	"declared_type" varchar(255),
	"source_key" text NOT NULL,
	"upload_id" text,
	"source_bytes" bigint,
	"duration_ms" integer,
	"playback_key" text,
	"playback_type" text,
	"playback_bytes" bigint,
	"poster_key" text,
	"whatsapp_key" text,
	"whatsapp_bytes" bigint,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_sourceKey_unique" UNIQUE("source_key"),
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('voice', 'video')),
	CONSTRAINT "media_status_check" CHECK ("media"."status" in ('uploading', 'processing', 'ready', 'failed', 'removed')),
	CONSTRAINT "media_bytes_check" CHECK ("media"."stored_bytes" >= 0),
	CONSTRAINT "media_ready_check" CHECK ("media"."status" <> 'ready' or ("media"."playback_key" is not null and "media"."duration_ms" is not null))
);
--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "media_id" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "playback_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_user_created_idx" ON "media" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_uploading_idx" ON "media" USING btree ("created_at") WHERE "media"."status" = 'uploading';--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_media_id_idx" ON "reminders" USING btree ("media_id") WHERE "reminders"."media_id" is not null;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_media_check" CHECK (("reminders"."type" = 'text') = ("reminders"."media_id" is null));