CREATE TABLE "live_hour_register" (
	"metering_point_id" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"energy_import_wh" bigint NOT NULL,
	"active_power_import_w" integer NOT NULL,
	CONSTRAINT "live_hour_register_metering_point_id_hour_start_pk" PRIMARY KEY("metering_point_id","hour_start")
);
--> statement-breakpoint
ALTER TABLE "notification_alert" DROP CONSTRAINT "notification_alert_subject_check";--> statement-breakpoint
ALTER TABLE "notification_setting" DROP CONSTRAINT "notification_setting_subject_check";--> statement-breakpoint
ALTER TABLE "site_feature" DROP CONSTRAINT "site_feature_feature_check";--> statement-breakpoint
ALTER TABLE "notification_setting" ADD COLUMN "margin_kw" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "live_hour_register" ADD CONSTRAINT "live_hour_register_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_alert" ADD CONSTRAINT "notification_alert_subject_check" CHECK ("notification_alert"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY', 'METER_READING', 'CONNECTION_REQUEST', 'POWER_PEAK'));--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_margin_check" CHECK ("notification_setting"."margin_kw" is null or ("notification_setting"."subject" = 'POWER_PEAK' and "notification_setting"."margin_kw" >= 0));--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_subject_check" CHECK ("notification_setting"."subject" in ('INVOICE_DUE', 'SPOT_PRICE', 'DAILY_CONSUMPTION', 'OUTAGE', 'SUPPORT_REPLY', 'METER_READING', 'CONNECTION_REQUEST', 'POWER_PEAK'));--> statement-breakpoint
ALTER TABLE "site_feature" ADD CONSTRAINT "site_feature_feature_check" CHECK ("site_feature"."feature" in ('INVOICES', 'INVOICE_CSV_DOWNLOAD', 'CONTRACTS', 'SIGNING_ADDITIONAL_PRODUCT', 'SIGNING_E_INVOICE', 'SIGNING_EMAIL_INVOICE', 'SIGNING_POSTAL_INVOICE_DISABLED', 'SIGNING_CO_OWNER_DISABLED', 'SIGNING_OWN_GRID_PRODUCTS', 'SIGNING_TERM_CHANGES', 'SIGNING_USAGE_POINT_SEARCH_DISABLED', 'CONTRACT_MANAGEMENT_DISABLED', 'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE', 'BUSINESS_CUSTOMER_INFO', 'RENEWAL_OFFERS', 'OUTAGES', 'DASHBOARD_DISTRICT_HEAT_DISABLED', 'SETTINGS_PHONE_NUMBER_DISABLED', 'SETTINGS_OUTAGE_CONTACTS', 'SETTINGS_SPOT_PRICE', 'SETTINGS_MARKETING_CHANNELS_DISABLED', 'SUPPORT', 'ADVANCED_SUPPORT', 'COOKIE_CONSENT', 'SIGN_IN_TELECOM', 'SIGN_IN_EMAIL_ONLY', 'CHART_TEMPERATURE', 'CHART_SPOT_PRICE', 'CHART_NETTED', 'CHART_FIVE_MINUTE', 'PWA', 'PUSH_NOTIFICATIONS', 'DARK_THEME', 'RELAY_CONTROL', 'ADVANCED_INVOICE_POSTPONEMENT', 'FEEDBACK', 'PORTAL_ANNOUNCEMENTS', 'ADMIN_LOCALIZATION', 'MEMBERSHIP_NUMBER', 'REAL_TIME_COST_ESTIMATION', 'PRODUCT_GROUP_FILTERING', 'POWER_CONTROL_ON_OFF', 'POWER_CONTROL_HAN_PORT', 'ADDRESSES_ACTIVE_CONTRACTS_ONLY', 'LIVE_READINGS', 'ADDRESS_AUTOCOMPLETE', 'MOBILE_LAYOUT_SMALL_BREAKPOINT', 'METER_READING_ENTRY', 'CONNECTION_REQUESTS', 'NETWORK_PRODUCT_CHANGE', 'POWER_PEAK_ALERTS'));