CREATE TABLE "outage_area" (
	"outage_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "outage_area_outage_id_kind_value_pk" PRIMARY KEY("outage_id","kind","value"),
	CONSTRAINT "outage_area_kind_check" CHECK ("outage_area"."kind" in ('postal-code', 'metering-point'))
);
--> statement-breakpoint
ALTER TABLE "outage_notice" DROP CONSTRAINT "outage_notice_status_check";--> statement-breakpoint
DROP INDEX "outage_notice_once_unique";--> statement-breakpoint
ALTER TABLE "outage" ADD COLUMN "source" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "outage" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "outage" ADD COLUMN "window_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outage_notice" ADD COLUMN "kind" text DEFAULT 'started' NOT NULL;--> statement-breakpoint
ALTER TABLE "outage_notice" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outage_area" ADD CONSTRAINT "outage_area_outage_id_outage_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outage_area_value_idx" ON "outage_area" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_notice_once_unique" ON "outage_notice" USING btree ("outage_id","contract_id","method","recipient","kind","revision");--> statement-breakpoint
ALTER TABLE "outage" ADD CONSTRAINT "outage_source_check" CHECK ("outage"."source" in ('system', 'operator'));--> statement-breakpoint
ALTER TABLE "outage_notice" ADD CONSTRAINT "outage_notice_kind_check" CHECK ("outage_notice"."kind" in ('started', 'planned', 'rescheduled', 'cancelled'));--> statement-breakpoint
ALTER TABLE "outage_notice" ADD CONSTRAINT "outage_notice_status_check" CHECK ("outage_notice"."status" in ('waiting', 'sent', 'skipped-night', 'manual', 'superseded'));