CREATE TABLE "connection_request" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"person_id" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"metering_point_id" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"fuse_amperes" integer,
	"inverter_power_w" integer,
	"installer" text,
	"installation_date" date,
	"wanted_by" date,
	"message" text,
	"locale_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_request_kind_check" CHECK ("connection_request"."kind" in ('FUSE_CHANGE', 'NEW_CONNECTION', 'MICROGENERATION')),
	CONSTRAINT "connection_request_status_check" CHECK ("connection_request"."status" in ('received', 'in_review', 'needs_information', 'approved', 'rejected', 'done', 'withdrawn')),
	CONSTRAINT "connection_request_fuse_check" CHECK ("connection_request"."fuse_amperes" is null or "connection_request"."fuse_amperes" in (25, 35, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630)),
	CONSTRAINT "connection_request_inverter_check" CHECK ("connection_request"."inverter_power_w" is null or "connection_request"."inverter_power_w" between 1 and 100000),
	CONSTRAINT "connection_request_kind_fields_check" CHECK (case "connection_request"."kind"
        when 'FUSE_CHANGE' then "connection_request"."metering_point_id" is not null and "connection_request"."fuse_amperes" is not null
          and "connection_request"."street" is null and "connection_request"."inverter_power_w" is null
        when 'NEW_CONNECTION' then "connection_request"."metering_point_id" is null and "connection_request"."fuse_amperes" is not null
          and "connection_request"."street" is not null and "connection_request"."postal_code" is not null and "connection_request"."city" is not null and "connection_request"."inverter_power_w" is null
        when 'MICROGENERATION' then "connection_request"."metering_point_id" is not null and "connection_request"."inverter_power_w" is not null
          and "connection_request"."installer" is not null and "connection_request"."installation_date" is not null and "connection_request"."fuse_amperes" is null and "connection_request"."street" is null
        else false end)
);
--> statement-breakpoint
CREATE TABLE "connection_request_attachment" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"request_id" text NOT NULL,
	"event_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_request_attachment_content_type_check" CHECK ("connection_request_attachment"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
	CONSTRAINT "connection_request_attachment_size_check" CHECK ("connection_request_attachment"."size_bytes" = octet_length("connection_request_attachment"."content"))
);
--> statement-breakpoint
CREATE TABLE "connection_request_event" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"site_id" text NOT NULL,
	"author" text NOT NULL,
	"person_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_request_event_author_check" CHECK ("connection_request_event"."author" in ('customer', 'staff')),
	CONSTRAINT "connection_request_event_from_check" CHECK ("connection_request_event"."from_status" in ('received', 'in_review', 'needs_information', 'approved', 'rejected', 'done', 'withdrawn')),
	CONSTRAINT "connection_request_event_to_check" CHECK ("connection_request_event"."to_status" in ('received', 'in_review', 'needs_information', 'approved', 'rejected', 'done', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "notification_alert" DROP CONSTRAINT "notification_alert_subject_check";--> statement-breakpoint
ALTER TABLE "notification_setting" DROP CONSTRAINT "notification_setting_subject_check";--> statement-breakpoint
ALTER TABLE "site_feature" DROP CONSTRAINT "site_feature_feature_check";--> statement-breakpoint
ALTER TABLE "connection_request" ADD CONSTRAINT "connection_request_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request" ADD CONSTRAINT "connection_request_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request" ADD CONSTRAINT "connection_request_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request" ADD CONSTRAINT "connection_request_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request_attachment" ADD CONSTRAINT "connection_request_attachment_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request_attachment" ADD CONSTRAINT "connection_request_attachment_request_id_connection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."connection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request_attachment" ADD CONSTRAINT "connection_request_attachment_event_id_connection_request_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."connection_request_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request_event" ADD CONSTRAINT "connection_request_event_request_id_connection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."connection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request_event" ADD CONSTRAINT "connection_request_event_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_request_event" ADD CONSTRAINT "connection_request_event_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_request_customer_idx" ON "connection_request" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "connection_request_queue_idx" ON "connection_request" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE INDEX "connection_request_attachment_request_idx" ON "connection_request_attachment" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "connection_request_event_request_idx" ON "connection_request_event" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "notification_alert" ADD CONSTRAINT "notification_alert_subject_check" CHECK ("notification_alert"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY', 'METER_READING', 'CONNECTION_REQUEST'));--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_subject_check" CHECK ("notification_setting"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY', 'METER_READING', 'CONNECTION_REQUEST'));--> statement-breakpoint
ALTER TABLE "site_feature" ADD CONSTRAINT "site_feature_feature_check" CHECK ("site_feature"."feature" in ('INVOICES', 'INVOICE_CSV_DOWNLOAD', 'CONTRACTS', 'SIGNING_ADDITIONAL_PRODUCT', 'SIGNING_E_INVOICE', 'SIGNING_EMAIL_INVOICE', 'SIGNING_POSTAL_INVOICE_DISABLED', 'SIGNING_CO_OWNER_DISABLED', 'SIGNING_OWN_GRID_PRODUCTS', 'SIGNING_TERM_CHANGES', 'SIGNING_USAGE_POINT_SEARCH_DISABLED', 'CONTRACT_MANAGEMENT_DISABLED', 'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE', 'BUSINESS_CUSTOMER_INFO', 'RENEWAL_OFFERS', 'OUTAGES', 'DASHBOARD_DISTRICT_HEAT_DISABLED', 'SETTINGS_PHONE_NUMBER_DISABLED', 'SETTINGS_OUTAGE_CONTACTS', 'SETTINGS_SPOT_PRICE', 'SETTINGS_MARKETING_CHANNELS_DISABLED', 'SUPPORT', 'ADVANCED_SUPPORT', 'COOKIE_CONSENT', 'SIGN_IN_TELECOM', 'SIGN_IN_EMAIL_ONLY', 'CHART_TEMPERATURE', 'CHART_SPOT_PRICE', 'CHART_NETTED', 'CHART_FIVE_MINUTE', 'PWA', 'PUSH_NOTIFICATIONS', 'DARK_THEME', 'RELAY_CONTROL', 'ADVANCED_INVOICE_POSTPONEMENT', 'FEEDBACK', 'PORTAL_ANNOUNCEMENTS', 'ADMIN_LOCALIZATION', 'MEMBERSHIP_NUMBER', 'REAL_TIME_COST_ESTIMATION', 'PRODUCT_GROUP_FILTERING', 'POWER_CONTROL_ON_OFF', 'POWER_CONTROL_HAN_PORT', 'ADDRESSES_ACTIVE_CONTRACTS_ONLY', 'LIVE_READINGS', 'ADDRESS_AUTOCOMPLETE', 'MOBILE_LAYOUT_SMALL_BREAKPOINT', 'METER_READING_ENTRY', 'CONNECTION_REQUESTS'));