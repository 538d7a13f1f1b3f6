CREATE TABLE "system_client" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "system_client_kind_check" CHECK ("system_client"."kind" in ('reading-system'))
);
--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "system_client" ADD CONSTRAINT "system_client_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_client_token_unique" ON "system_client" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "system_client_site_idx" ON "system_client" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_register_reading_external_unique" ON "meter_register_reading" USING btree ("site_id","external_id");--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD CONSTRAINT "meter_register_reading_external_source_check" CHECK ("meter_register_reading"."external_id" is null or "meter_register_reading"."source" = 'MEASURED');