CREATE TABLE "meter_reading_photo" (
	"reading_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "meter_reading_photo_content_type_check" CHECK ("meter_reading_photo"."content_type" in ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "meter_reading_photo_size_check" CHECK ("meter_reading_photo"."size_bytes" = octet_length("meter_reading_photo"."content"))
);
--> statement-breakpoint
CREATE TABLE "meter_register_reading" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"metering_point_id" text NOT NULL,
	"read_on" date NOT NULL,
	"value" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"source" text NOT NULL,
	"meter_changed" boolean DEFAULT false NOT NULL,
	"entered_by" text,
	"entered_by_person_id" text,
	"superseded_by_id" text,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_register_reading_unit_check" CHECK ("meter_register_reading"."unit" in ('m3', 'MWh', 'kWh')),
	CONSTRAINT "meter_register_reading_source_check" CHECK ("meter_register_reading"."source" in ('CUSTOMER', 'MEASURED')),
	CONSTRAINT "meter_register_reading_entered_by_check" CHECK ("meter_register_reading"."entered_by" in ('self', 'representative', 'staff')),
	CONSTRAINT "meter_register_reading_value_check" CHECK ("meter_register_reading"."value" >= 0),
	CONSTRAINT "meter_register_reading_entered_by_source_check" CHECK (("meter_register_reading"."source" = 'CUSTOMER') = ("meter_register_reading"."entered_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "notification_alert" DROP CONSTRAINT "notification_alert_subject_check";--> statement-breakpoint
ALTER TABLE "notification_setting" DROP CONSTRAINT "notification_setting_subject_check";--> statement-breakpoint
ALTER TABLE "site_feature" DROP CONSTRAINT "site_feature_feature_check";--> statement-breakpoint
ALTER TABLE "metering_point" ADD COLUMN "read_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_reading_photo" ADD CONSTRAINT "meter_reading_photo_reading_id_meter_register_reading_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."meter_register_reading"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD CONSTRAINT "meter_register_reading_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD CONSTRAINT "meter_register_reading_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD CONSTRAINT "meter_register_reading_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD CONSTRAINT "meter_register_reading_entered_by_person_id_person_id_fk" FOREIGN KEY ("entered_by_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_register_reading" ADD CONSTRAINT "meter_register_reading_superseded_by_id_meter_register_reading_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."meter_register_reading"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_register_reading_point_idx" ON "meter_register_reading" USING btree ("metering_point_id","read_on","created_at");--> statement-breakpoint
CREATE INDEX "meter_register_reading_customer_idx" ON "meter_register_reading" USING btree ("site_id","customer_id");--> statement-breakpoint
ALTER TABLE "notification_alert" ADD CONSTRAINT "notification_alert_subject_check" CHECK ("notification_alert"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY', 'METER_READING'));--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_subject_check" CHECK ("notification_setting"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY', 'METER_READING'));--> statement-breakpoint
ALTER TABLE "site_feature" ADD CONSTRAINT "site_feature_feature_check" CHECK ("site_feature"."feature" in ('INVOICES', 'INVOICE_CSV_DOWNLOAD', 'CONTRACTS', 'SIGNING_ADDITIONAL_PRODUCT', 'SIGNING_E_INVOICE', 'SIGNING_EMAIL_INVOICE', 'SIGNING_POSTAL_INVOICE_DISABLED', 'SIGNING_CO_OWNER_DISABLED', 'SIGNING_OWN_GRID_PRODUCTS', 'SIGNING_TERM_CHANGES', 'SIGNING_USAGE_POINT_SEARCH_DISABLED', 'CONTRACT_MANAGEMENT_DISABLED', 'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE', 'BUSINESS_CUSTOMER_INFO', 'RENEWAL_OFFERS', 'OUTAGES', 'DASHBOARD_DISTRICT_HEAT_DISABLED', 'SETTINGS_PHONE_NUMBER_DISABLED', 'SETTINGS_OUTAGE_CONTACTS', 'SETTINGS_SPOT_PRICE', 'SETTINGS_MARKETING_CHANNELS_DISABLED', 'SUPPORT', 'ADVANCED_SUPPORT', 'COOKIE_CONSENT', 'SIGN_IN_TELECOM', 'SIGN_IN_EMAIL_ONLY', 'CHART_TEMPERATURE', 'CHART_SPOT_PRICE', 'CHART_NETTED', 'CHART_FIVE_MINUTE', 'PWA', 'PUSH_NOTIFICATIONS', 'DARK_THEME', 'RELAY_CONTROL', 'ADVANCED_INVOICE_POSTPONEMENT', 'FEEDBACK', 'PORTAL_ANNOUNCEMENTS', 'ADMIN_LOCALIZATION', 'MEMBERSHIP_NUMBER', 'REAL_TIME_COST_ESTIMATION', 'PRODUCT_GROUP_FILTERING', 'POWER_CONTROL_ON_OFF', 'POWER_CONTROL_HAN_PORT', 'ADDRESSES_ACTIVE_CONTRACTS_ONLY', 'LIVE_READINGS', 'ADDRESS_AUTOCOMPLETE', 'MOBILE_LAYOUT_SMALL_BREAKPOINT', 'METER_READING_ENTRY'));