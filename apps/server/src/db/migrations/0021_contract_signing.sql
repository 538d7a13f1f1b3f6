CREATE TABLE "grid_usage_point" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"object_id" text NOT NULL,
	"code" text NOT NULL,
	"datahub_eic" text,
	"utility" text NOT NULL,
	"usage_point_kind" text NOT NULL,
	"bidding_zone" text NOT NULL,
	"resolution_minutes" smallint NOT NULL,
	"meter_number" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"temperature_area" text NOT NULL,
	CONSTRAINT "grid_usage_point_utility_check" CHECK ("grid_usage_point"."utility" in ('electricity', 'heating', 'gas')),
	CONSTRAINT "grid_usage_point_usage_point_kind_check" CHECK ("grid_usage_point"."usage_point_kind" in ('UsagePoint', 'TechAndUsagePoint', 'TechPoint', 'XpowerFeeder', 'XpowerSubstation', 'EEFeeder', 'EESubstation', 'MicrogenerationSite')),
	CONSTRAINT "grid_usage_point_bidding_zone_check" CHECK ("grid_usage_point"."bidding_zone" in ('FI', 'EE', 'LV'))
);
--> statement-breakpoint
CREATE TABLE "contract_signing" (
	"token" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"person_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"document" "bytea" NOT NULL,
	"signed_file" "bytea",
	"signed_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "contract_signing_provider_check" CHECK ("contract_signing"."provider" in ('LOCAL', 'DOKOBIT_DOCUMENT_GATEWAY', 'UPLOAD')),
	CONSTRAINT "contract_signing_state_check" CHECK ("contract_signing"."state" in ('pending', 'signed', 'refused', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "local_signing" (
	"token" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_code" text NOT NULL,
	"signer_country" text NOT NULL,
	"language" text NOT NULL,
	"return_url" text NOT NULL,
	"document" "bytea" NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"signed_file" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_signing_state_check" CHECK ("local_signing"."state" in ('pending', 'signed', 'refused', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "signing_certificate" (
	"id" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "additional_product_id" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "renews_contract_id" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "start_reason" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "co_owner_name" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "co_owner_code" text;--> statement-breakpoint
ALTER TABLE "contract" ADD COLUMN "datahub_reference" text;--> statement-breakpoint
ALTER TABLE "grid_usage_point" ADD CONSTRAINT "grid_usage_point_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signing" ADD CONSTRAINT "contract_signing_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signing" ADD CONSTRAINT "contract_signing_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signing" ADD CONSTRAINT "contract_signing_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signing" ADD CONSTRAINT "contract_signing_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_signing" ADD CONSTRAINT "local_signing_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grid_usage_point_site_code_unique" ON "grid_usage_point" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "grid_usage_point_object_idx" ON "grid_usage_point" USING btree ("site_id","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signing_provider_token_unique" ON "contract_signing" USING btree ("provider","provider_token");--> statement-breakpoint
CREATE INDEX "contract_signing_contract_idx" ON "contract_signing" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_additional_product_id_product_id_fk" FOREIGN KEY ("additional_product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_renews_contract_id_contract_id_fk" FOREIGN KEY ("renews_contract_id") REFERENCES "public"."contract"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_start_reason_check" CHECK ("contract"."start_reason" in ('move-in', 'switch'));