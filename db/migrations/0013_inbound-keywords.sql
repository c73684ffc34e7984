CREATE TABLE "inbound_keywords" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"action" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
