CREATE TABLE "demo_idp_payload" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "demo_idp_payload_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "demo_idp_payload_uid_idx" ON "demo_idp_payload" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "demo_idp_payload_user_code_idx" ON "demo_idp_payload" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "demo_idp_payload_grant_idx" ON "demo_idp_payload" USING btree ("model","grant_id");--> statement-breakpoint
CREATE INDEX "demo_idp_payload_expires_idx" ON "demo_idp_payload" USING btree ("expires_at");