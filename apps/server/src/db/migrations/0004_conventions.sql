ALTER TABLE "payment" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "bank_bic" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- Payments made before paying was idempotent (the audit found one invoice with 15 confirmed payments) would stop
-- the unique indexes below: the first confirmation of an invoice keeps paying it, later ones are money to refund,
-- and of several open payments only the newest stays open.
UPDATE "payment" SET "status" = 'refund-due', "updated_at" = now() WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "invoice_id" ORDER BY coalesce("confirmed_at", "updated_at"), "id") AS "n"
		FROM "payment" WHERE "status" = 'confirmed'
	) AS "confirmed" WHERE "n" > 1
);--> statement-breakpoint
UPDATE "payment" SET "status" = 'failed', "updated_at" = now() WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "invoice_id" ORDER BY "created_at" DESC, "id" DESC) AS "n"
		FROM "payment" WHERE "status" IN ('created', 'pending')
	) AS "open" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_open_per_invoice" ON "payment" USING btree ("invoice_id") WHERE "payment"."status" in ('created', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_confirmed_per_invoice" ON "payment" USING btree ("invoice_id") WHERE "payment"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_idempotency_key_unique" ON "payment" USING btree ("customer_id","idempotency_key") WHERE "payment"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_currency_check" CHECK ("invoice"."currency" in ('EUR'));--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_type_check" CHECK ("invoice"."type" in ('Regular', 'E-Invoice'));--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_delivery_check" CHECK ("invoice"."delivery" in ('email', 'postal'));--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_payment_status_check" CHECK ("invoice"."payment_status" in ('paid', 'unpaid'));--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_utility_check" CHECK ("invoice_row"."utility" in ('electricity', 'heating', 'gas'));--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_component_kind_check" CHECK ("invoice_row"."component_kind" in ('Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Monthly', 'Margin', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling', 'Spot'));--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_unit_check" CHECK ("invoice_row"."unit" in ('kWh', 'month'));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_provider_check" CHECK ("payment"."provider" in ('NEONOMICS', 'EVERYPAY', 'SIMULATOR'));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_currency_check" CHECK ("payment"."currency" in ('EUR'));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_status_check" CHECK ("payment"."status" in ('created', 'pending', 'confirmed', 'failed', 'refund-due'));--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_source_check" CHECK ("payment_event"."source" in ('start', 'callback', 'status'));--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_transition_check" CHECK ("payment_event"."transition" in ('created', 'pending', 'confirmed', 'failed', 'refund-due'));--> statement-breakpoint
ALTER TABLE "client_log" ADD CONSTRAINT "client_log_level_check" CHECK ("client_log"."level" in ('debug', 'info', 'warn', 'error'));--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_type_check" CHECK ("contract"."type" in ('Undefined', 'ConnectionContract', 'GridContract', 'SupplyContract', 'BillingContract', 'BackgroundContract', 'SalesOrderContract', 'CustomContract', 'InstallmentContract', 'GasSupplyContract', 'GroupContract', 'GasGridContract', 'HeatingGridContract', 'PurchaseContract'));--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_price_type_check" CHECK ("contract"."price_type" in ('Hourly', 'Fixed', 'WeightedAverage', 'FixedInAdvance', 'FixedMonthly', 'FixedQuarterly', 'FixedIndefinitely', 'External', 'ExternalFixed', 'Production', 'MonthlyFee', 'Service', 'FixedHourlyWithPriceLimits', 'FixedTermWithTermlessFollowup'));--> statement-breakpoint
ALTER TABLE "metering_point" ADD CONSTRAINT "metering_point_utility_check" CHECK ("metering_point"."utility" in ('electricity', 'heating', 'gas'));--> statement-breakpoint
ALTER TABLE "metering_point" ADD CONSTRAINT "metering_point_usage_point_kind_check" CHECK ("metering_point"."usage_point_kind" in ('UsagePoint', 'TechAndUsagePoint', 'TechPoint', 'XpowerFeeder', 'XpowerSubstation', 'EEFeeder', 'EESubstation', 'MicrogenerationSite'));--> statement-breakpoint
ALTER TABLE "metering_point" ADD CONSTRAINT "metering_point_bidding_zone_check" CHECK ("metering_point"."bidding_zone" in ('FI', 'EE', 'LV'));--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_kind_check" CHECK ("price_component"."kind" in ('Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Monthly', 'Margin', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling'));--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_unit_check" CHECK ("price_component"."unit" in ('c/kWh', 'c/month'));--> statement-breakpoint
ALTER TABLE "reading" ADD CONSTRAINT "reading_direction_check" CHECK ("reading"."direction" in ('consumption', 'production'));--> statement-breakpoint
ALTER TABLE "spot_price" ADD CONSTRAINT "spot_price_bidding_zone_check" CHECK ("spot_price"."bidding_zone" in ('FI', 'EE', 'LV'));--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_connection_status_check" CHECK ("supply_object"."connection_status" in ('connected', 'disconnected'));--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_type_check" CHECK ("customer"."type" in ('private', 'legal'));--> statement-breakpoint
ALTER TABLE "customer_access" ADD CONSTRAINT "customer_access_relation_check" CHECK ("customer_access"."relation" in ('self', 'representative'));--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_preferred_locale_check" CHECK ("person"."preferred_locale" in ('en-GB', 'et-EE', 'fi-FI', 'lv-LV', 'ru-RU', 'sv-FI'));--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_contact_preference_check" CHECK ("person"."contact_preference" in ('email', 'phone', 'none'));--> statement-breakpoint
ALTER TABLE "staff_member" ADD CONSTRAINT "staff_member_role_check" CHECK ("staff_member"."role" in ('customer-service', 'site-admin'));--> statement-breakpoint
ALTER TABLE "site" ADD CONSTRAINT "site_theme_id_check" CHECK ("site"."theme_id" in ('aurora', 'baltic', 'daugava', 'fjord', 'ember', 'meadow', 'granite', 'harbour', 'heather', 'lagoon', 'copper', 'birch', 'polar'));--> statement-breakpoint
ALTER TABLE "site" ADD CONSTRAINT "site_country_code_check" CHECK ("site"."country_code" in ('FI', 'EE', 'LV'));--> statement-breakpoint
ALTER TABLE "site_external_service" ADD CONSTRAINT "site_external_service_placement_check" CHECK ("site_external_service"."placement" in ('link', 'contact'));--> statement-breakpoint
ALTER TABLE "site_feature" ADD CONSTRAINT "site_feature_feature_check" CHECK ("site_feature"."feature" in ('INVOICES', 'INVOICE_CSV_DOWNLOAD', 'CONTRACTS', 'SIGNING_ADDITIONAL_PRODUCT', 'SIGNING_E_INVOICE', 'SIGNING_EMAIL_INVOICE', 'SIGNING_POSTAL_INVOICE_DISABLED', 'SIGNING_CO_OWNER_DISABLED', 'SIGNING_OWN_GRID_PRODUCTS', 'SIGNING_TERM_CHANGES', 'SIGNING_USAGE_POINT_SEARCH_DISABLED', 'CONTRACT_MANAGEMENT_DISABLED', 'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE', 'BUSINESS_CUSTOMER_INFO', 'RENEWAL_OFFERS', 'OUTAGES', 'DASHBOARD_DISTRICT_HEAT_DISABLED', 'SETTINGS_PHONE_NUMBER_DISABLED', 'SETTINGS_OUTAGE_CONTACTS', 'SETTINGS_SPOT_PRICE', 'SETTINGS_MARKETING_CHANNELS_DISABLED', 'SUPPORT', 'ADVANCED_SUPPORT', 'COOKIE_CONSENT', 'SIGN_IN_TELECOM', 'SIGN_IN_EMAIL_ONLY', 'CHART_TEMPERATURE', 'CHART_SPOT_PRICE', 'CHART_NETTED', 'CHART_FIVE_MINUTE', 'PWA', 'PUSH_NOTIFICATIONS', 'DARK_THEME', 'RELAY_CONTROL', 'ADVANCED_INVOICE_POSTPONEMENT', 'FEEDBACK', 'PORTAL_ANNOUNCEMENTS', 'ADMIN_LOCALIZATION', 'MEMBERSHIP_NUMBER', 'REAL_TIME_COST_ESTIMATION', 'PRODUCT_GROUP_FILTERING', 'POWER_CONTROL_ON_OFF', 'POWER_CONTROL_HAN_PORT', 'ADDRESSES_ACTIVE_CONTRACTS_ONLY', 'LIVE_READINGS', 'ADDRESS_AUTOCOMPLETE', 'MOBILE_LAYOUT_SMALL_BREAKPOINT'));--> statement-breakpoint
ALTER TABLE "translation_override" ADD CONSTRAINT "translation_override_bundle_check" CHECK ("translation_override"."bundle" in ('web', 'mobile'));