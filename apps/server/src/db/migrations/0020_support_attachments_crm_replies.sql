CREATE TABLE "support_attachment" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"comment_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachment_content_type_check" CHECK ("support_attachment"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
	CONSTRAINT "support_attachment_size_check" CHECK ("support_attachment"."size_bytes" = octet_length("support_attachment"."content"))
);
--> statement-breakpoint
ALTER TABLE "notification_alert" DROP CONSTRAINT "notification_alert_subject_check";--> statement-breakpoint
ALTER TABLE "notification_setting" DROP CONSTRAINT "notification_setting_subject_check";--> statement-breakpoint
ALTER TABLE "support_ticket" ADD COLUMN "crm_reference" text;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD COLUMN "satisfaction_rating" smallint;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD COLUMN "satisfaction_comment" text;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_ticket_comment" ADD COLUMN "crm_reference" text;--> statement-breakpoint
ALTER TABLE "support_attachment" ADD CONSTRAINT "support_attachment_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachment" ADD CONSTRAINT "support_attachment_ticket_id_support_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachment" ADD CONSTRAINT "support_attachment_comment_id_support_ticket_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."support_ticket_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachment_ticket_idx" ON "support_attachment" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_ticket_comment_crm_unique" ON "support_ticket_comment" USING btree ("ticket_id","crm_reference");--> statement-breakpoint
ALTER TABLE "notification_alert" ADD CONSTRAINT "notification_alert_subject_check" CHECK ("notification_alert"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY'));--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_subject_check" CHECK ("notification_setting"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY'));--> statement-breakpoint
ALTER TABLE "support_ticket" ADD CONSTRAINT "support_ticket_satisfaction_check" CHECK ("support_ticket"."satisfaction_rating" is null or ("support_ticket"."satisfaction_rating" between 1 and 5 and "support_ticket"."status" = 'TS4'));