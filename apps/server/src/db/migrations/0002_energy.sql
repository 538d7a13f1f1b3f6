CREATE TABLE "contract" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"metering_point_id" text NOT NULL,
	"contract_number" text NOT NULL,
	"type" text NOT NULL,
	"product_name" text NOT NULL,
	"price_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"vat_permille" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metering_point" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"object_id" text NOT NULL,
	"gsrn" text NOT NULL,
	"utility" text NOT NULL,
	"usage_point_kind" text NOT NULL,
	"bidding_zone" text NOT NULL,
	"resolution_minutes" smallint NOT NULL,
	"has_production" boolean DEFAULT false NOT NULL,
	"meter_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_component" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_component_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"price_cents" numeric(14, 5) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "reading" (
	"metering_point_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"resolution_minutes" smallint NOT NULL,
	"wh" bigint NOT NULL,
	"measured" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reading_metering_point_id_direction_resolution_minutes_starts_at_pk" PRIMARY KEY("metering_point_id","direction","resolution_minutes","starts_at")
);
--> statement-breakpoint
CREATE TABLE "spot_price" (
	"bidding_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"resolution_minutes" smallint NOT NULL,
	"eur_per_mwh" numeric(10, 2) NOT NULL,
	CONSTRAINT "spot_price_bidding_zone_starts_at_pk" PRIMARY KEY("bidding_zone","starts_at")
);
--> statement-breakpoint
CREATE TABLE "supply_object" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"connection_status" text DEFAULT 'connected' NOT NULL,
	"temperature_area" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temperature" (
	"area" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"deci_celsius" smallint NOT NULL,
	CONSTRAINT "temperature_area_starts_at_pk" PRIMARY KEY("area","starts_at")
);
--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_point" ADD CONSTRAINT "metering_point_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_point" ADD CONSTRAINT "metering_point_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_point" ADD CONSTRAINT "metering_point_object_id_supply_object_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."supply_object"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading" ADD CONSTRAINT "reading_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_site_number_unique" ON "contract" USING btree ("site_id","contract_number");--> statement-breakpoint
CREATE INDEX "contract_customer_idx" ON "contract" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metering_point_site_gsrn_unique" ON "metering_point" USING btree ("site_id","gsrn");--> statement-breakpoint
CREATE INDEX "metering_point_customer_idx" ON "metering_point" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE INDEX "price_component_contract_idx" ON "price_component" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "supply_object_customer_idx" ON "supply_object" USING btree ("site_id","customer_id");