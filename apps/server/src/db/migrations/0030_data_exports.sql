CREATE TABLE "data_export" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"person_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"size_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_export_status_check" CHECK ("data_export"."status" in ('queued', 'ready', 'failed')),
	CONSTRAINT "data_export_ready_check" CHECK (("data_export"."status" = 'ready') = ("data_export"."ready_at" is not null and "data_export"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "data_export_part" (
	"export_id" text NOT NULL,
	"position" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "data_export_part_export_id_position_pk" PRIMARY KEY("export_id","position")
);
--> statement-breakpoint
ALTER TABLE "data_export" ADD CONSTRAINT "data_export_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export" ADD CONSTRAINT "data_export_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export" ADD CONSTRAINT "data_export_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export_part" ADD CONSTRAINT "data_export_part_export_id_data_export_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."data_export"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_export_customer_idx" ON "data_export" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_export_one_queued_unique" ON "data_export" USING btree ("site_id","customer_id") WHERE "data_export"."status" = 'queued';