CREATE TABLE "meter_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"metering_point_id" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"voltage" numeric(6, 1),
	"outage_id" text,
	CONSTRAINT "meter_event_kind_check" CHECK ("meter_event"."kind" in ('power-off', 'power-on', 'voltage-high', 'voltage-low', 'phase-missing', 'tamper', 'cover-opened'))
);
--> statement-breakpoint
CREATE TABLE "outage" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"external_id" text NOT NULL,
	"grid_area" text NOT NULL,
	"status" text NOT NULL,
	"cause" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"estimated_end_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outage_status_check" CHECK ("outage"."status" in ('planned', 'current', 'ended', 'cancelled')),
	CONSTRAINT "outage_cause_check" CHECK ("outage"."cause" in ('maintenance', 'construction', 'storm', 'fault', 'overload', 'other')),
	CONSTRAINT "outage_end_after_start_check" CHECK ("outage"."estimated_end_at" >= "outage"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "outage_contact" (
	"contract_id" text NOT NULL,
	"position" smallint NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"method" text NOT NULL,
	"value" text,
	"timing" text NOT NULL,
	CONSTRAINT "outage_contact_contract_id_position_pk" PRIMARY KEY("contract_id","position"),
	CONSTRAINT "outage_contact_method_check" CHECK ("outage_contact"."method" in ('Email', 'Phone', 'Gsm', 'Post')),
	CONSTRAINT "outage_contact_timing_check" CHECK ("outage_contact"."timing" in ('Always', 'NoNightHours', 'SendAfterNightHours')),
	CONSTRAINT "outage_contact_value_check" CHECK (("outage_contact"."method" = 'Post') = ("outage_contact"."value" is null))
);
--> statement-breakpoint
CREATE TABLE "outage_notice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outage_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"outage_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"method" text NOT NULL,
	"recipient" text NOT NULL,
	"timing" text NOT NULL,
	"status" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outage_notice_method_check" CHECK ("outage_notice"."method" in ('Email', 'Phone', 'Gsm', 'Post')),
	CONSTRAINT "outage_notice_timing_check" CHECK ("outage_notice"."timing" in ('Always', 'NoNightHours', 'SendAfterNightHours')),
	CONSTRAINT "outage_notice_status_check" CHECK ("outage_notice"."status" in ('waiting', 'sent', 'skipped-night', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "outage_street" (
	"outage_id" text NOT NULL,
	"postal_code" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	CONSTRAINT "outage_street_outage_id_postal_code_street_pk" PRIMARY KEY("outage_id","postal_code","street")
);
--> statement-breakpoint
ALTER TABLE "meter_event" ADD CONSTRAINT "meter_event_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_event" ADD CONSTRAINT "meter_event_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_event" ADD CONSTRAINT "meter_event_outage_id_outage_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage" ADD CONSTRAINT "outage_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_contact" ADD CONSTRAINT "outage_contact_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_contact" ADD CONSTRAINT "outage_contact_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_contact" ADD CONSTRAINT "outage_contact_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_notice" ADD CONSTRAINT "outage_notice_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_notice" ADD CONSTRAINT "outage_notice_outage_id_outage_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_notice" ADD CONSTRAINT "outage_notice_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_street" ADD CONSTRAINT "outage_street_outage_id_outage_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meter_event_once_unique" ON "meter_event" USING btree ("metering_point_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "meter_event_point_time_idx" ON "meter_event" USING btree ("metering_point_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_site_external_unique" ON "outage" USING btree ("site_id","external_id");--> statement-breakpoint
CREATE INDEX "outage_site_status_idx" ON "outage" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "outage_contact_customer_idx" ON "outage_contact" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_notice_once_unique" ON "outage_notice" USING btree ("outage_id","contract_id","method","recipient");--> statement-breakpoint
CREATE INDEX "outage_street_postal_idx" ON "outage_street" USING btree ("postal_code");