CREATE TABLE "notification_alert" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_alert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"subject" text NOT NULL,
	"alert_key" text NOT NULL,
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_alert_subject_check" CHECK ("notification_alert"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE'))
);
--> statement-breakpoint
CREATE TABLE "notification_delivery" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alert_id" integer NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"recipient_label" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_delivery_channel_check" CHECK ("notification_delivery"."channel" in ('Email', 'Gsm', 'PushNotification')),
	CONSTRAINT "notification_delivery_status_check" CHECK ("notification_delivery"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "notification_delivery_sent_check" CHECK (("notification_delivery"."status" = 'sent') = ("notification_delivery"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"person_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vapid_key" (
	"id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vapid_key_single_row_check" CHECK ("vapid_key"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "membership_number" text;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "member_since" date;--> statement-breakpoint
ALTER TABLE "notification_alert" ADD CONSTRAINT "notification_alert_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_alert" ADD CONSTRAINT "notification_alert_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_alert_id_notification_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."notification_alert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_alert_once_unique" ON "notification_alert" USING btree ("customer_id","subject","alert_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_delivery_once_unique" ON "notification_delivery" USING btree ("alert_id","channel","recipient");--> statement-breakpoint
CREATE INDEX "notification_delivery_customer_idx" ON "notification_delivery" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_endpoint_unique" ON "push_subscription" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscription_customer_idx" ON "push_subscription" USING btree ("site_id","customer_id");