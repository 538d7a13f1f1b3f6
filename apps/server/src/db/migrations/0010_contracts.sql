CREATE TABLE "product" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"utility" text NOT NULL,
	"price_type" text NOT NULL,
	"product_group" text NOT NULL,
	"visibility" text NOT NULL,
	"target_group" text,
	"personal_customer_id" text,
	"campaign_code" text,
	"term_months" smallint,
	"available_from" date NOT NULL,
	"available_to" date,
	CONSTRAINT "product_utility_check" CHECK ("product"."utility" in ('electricity', 'heating', 'gas')),
	CONSTRAINT "product_price_type_check" CHECK ("product"."price_type" in ('Hourly', 'Fixed', 'WeightedAverage', 'FixedInAdvance', 'FixedMonthly', 'FixedQuarterly', 'FixedIndefinitely', 'External', 'ExternalFixed', 'Production', 'MonthlyFee', 'Service', 'FixedHourlyWithPriceLimits', 'FixedTermWithTermlessFollowup')),
	CONSTRAINT "product_visibility_check" CHECK ("product"."visibility" in ('Unknown', 'Public', 'TargetGroup', 'Personal', 'CampaignCode')),
	CONSTRAINT "product_target_group_check" CHECK ("product"."target_group" in ('private', 'legal')),
	CONSTRAINT "product_visibility_fields_check" CHECK (("product"."visibility" = 'TargetGroup') = ("product"."target_group" is not null)
        and ("product"."visibility" = 'Personal') = ("product"."personal_customer_id" is not null)
        and ("product"."visibility" = 'CampaignCode') = ("product"."campaign_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "product_price_component" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_price_component_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"price_cents" numeric(14, 5) NOT NULL,
	CONSTRAINT "product_price_component_kind_check" CHECK ("product_price_component"."kind" in ('Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Monthly', 'Margin', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling')),
	CONSTRAINT "product_price_component_unit_check" CHECK ("product_price_component"."unit" in ('c/kWh', 'c/month', 'c/year'))
);
--> statement-breakpoint
ALTER TABLE "price_component" DROP CONSTRAINT "price_component_unit_check";--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "term_months" smallint;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "billing_channel" text DEFAULT 'Email' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "billing_target" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "billing_operator" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_personal_customer_id_customer_id_fk" FOREIGN KEY ("personal_customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_component" ADD CONSTRAINT "product_price_component_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_site_code_unique" ON "product" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "product_site_utility_idx" ON "product" USING btree ("site_id","utility");--> statement-breakpoint
CREATE INDEX "product_price_component_product_idx" ON "product_price_component" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_status_check" CHECK ("contract"."status" in ('draft', 'awaiting-signature', 'signed', 'active', 'ending', 'ended', 'cancelled'));--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_billing_channel_check" CHECK ("contract"."billing_channel" in ('Email', 'Address', 'IBAN', 'OVT', 'EInvoiceRequest'));--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_unit_check" CHECK ("price_component"."unit" in ('c/kWh', 'c/month', 'c/year'));