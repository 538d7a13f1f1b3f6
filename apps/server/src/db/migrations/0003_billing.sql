CREATE TABLE "bank" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL,
	"bic" text NOT NULL,
	"e_invoice" boolean NOT NULL,
	"payment" boolean NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "e_invoice_operator" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"reference_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"original_due_date" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"vat_permille" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"type" text NOT NULL,
	"delivery" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_postponement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_postponement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" text NOT NULL,
	"previous_due_date" date NOT NULL,
	"new_due_date" date NOT NULL,
	"person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_row" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_row_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" text NOT NULL,
	"position" smallint NOT NULL,
	"metering_point_id" text,
	"gsrn" text NOT NULL,
	"utility" text NOT NULL,
	"component_kind" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price_cents" numeric(14, 5) NOT NULL,
	"net_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_state" text,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" text NOT NULL,
	"source" text NOT NULL,
	"provider_state" text,
	"transition" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_payment" (
	"reference" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"merchant_name" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_postponement" ADD CONSTRAINT "invoice_postponement_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_postponement" ADD CONSTRAINT "invoice_postponement_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_started_by_person_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_country_idx" ON "bank" USING btree ("country_code","position");--> statement-breakpoint
CREATE INDEX "e_invoice_operator_country_idx" ON "e_invoice_operator" USING btree ("country_code","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_site_number_unique" ON "invoice" USING btree ("site_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoice_customer_due_idx" ON "invoice" USING btree ("site_id","customer_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoice_customer_status_due_idx" ON "invoice" USING btree ("site_id","customer_id","payment_status","due_date");--> statement-breakpoint
CREATE INDEX "invoice_contract_idx" ON "invoice" USING btree ("contract_id","due_date");--> statement-breakpoint
CREATE INDEX "invoice_postponement_invoice_idx" ON "invoice_postponement" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_row_invoice_idx" ON "invoice_row" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_reference_unique" ON "payment" USING btree ("provider","provider_reference") WHERE "payment"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "payment_invoice_idx" ON "payment" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_event_payment_idx" ON "payment_event" USING btree ("payment_id");--> statement-breakpoint
-- Reference data, not demo data: the banks and e-invoice operators of the three countries (BIC / operator codes).
INSERT INTO "bank" ("id", "country_code", "name", "bic", "e_invoice", "payment", "position") VALUES
	('fi-op', 'FI', 'OP', 'OKOYFIHH', true, true, 1),
	('fi-nordea', 'FI', 'Nordea', 'NDEAFIHH', true, true, 2),
	('fi-danske', 'FI', 'Danske Bank', 'DABAFIHH', true, true, 3),
	('fi-handelsbanken', 'FI', 'Handelsbanken', 'HANDFIHH', true, true, 4),
	('fi-s-pankki', 'FI', 'S-Pankki', 'SBANFIHH', true, true, 5),
	('fi-aktia', 'FI', 'Aktia', 'HELSFIHH', true, true, 6),
	('fi-pop', 'FI', 'POP Pankki', 'POPFFI22', true, true, 7),
	('fi-saastopankki', 'FI', 'Säästöpankki', 'ITELFIHH', true, true, 8),
	('fi-omasp', 'FI', 'Oma Säästöpankki', 'OMASFIHH', true, true, 9),
	('fi-alandsbanken', 'FI', 'Ålandsbanken', 'AABAFI22', true, true, 10),
	('ee-swedbank', 'EE', 'Swedbank', 'HABAEE2X', true, true, 1),
	('ee-seb', 'EE', 'SEB', 'EEUHEE2X', true, true, 2),
	('ee-lhv', 'EE', 'LHV Pank', 'LHVBEE22', true, true, 3),
	('ee-luminor', 'EE', 'Luminor', 'RIKOEE22', true, true, 4),
	('ee-coop', 'EE', 'Coop Pank', 'EKRDEE22', true, true, 5),
	('ee-citadele', 'EE', 'Citadele', 'PARXEE22', false, true, 6),
	('ee-bigbank', 'EE', 'Bigbank', 'BIGKEE2B', false, false, 7),
	('lv-swedbank', 'LV', 'Swedbank', 'HABALV22', true, true, 1),
	('lv-seb', 'LV', 'SEB banka', 'UNLALV2X', true, true, 2),
	('lv-citadele', 'LV', 'Citadele', 'PARXLV22', true, true, 3),
	('lv-luminor', 'LV', 'Luminor', 'RIKOLV2X', true, true, 4),
	('lv-industra', 'LV', 'Industra Bank', 'MULTLV2X', false, true, 5),
	('lv-bluor', 'LV', 'BluOr Bank', 'CBBRLV22', false, true, 6),
	('lv-rietumu', 'LV', 'Rietumu Banka', 'RTMBLV2X', false, false, 7);
--> statement-breakpoint
INSERT INTO "e_invoice_operator" ("id", "country_code", "name", "code", "position") VALUES
	('fi-basware', 'FI', 'Basware', 'BAWCFI22', 1),
	('fi-maventa', 'FI', 'Maventa', '003721291126', 2),
	('fi-apix', 'FI', 'Apix Messaging', '003723327487', 3),
	('fi-cgi', 'FI', 'CGI Suomi', '003703575029', 4),
	('fi-tietoevry', 'FI', 'Tietoevry', '003701011385', 5),
	('fi-opuscapita', 'FI', 'OpusCapita', 'E204503', 6),
	('fi-pagero', 'FI', 'Pagero', '003723609900', 7),
	('fi-op', 'FI', 'OP', 'OKOYFIHH', 8),
	('fi-nordea', 'FI', 'Nordea', 'NDEAFIHH', 9),
	('fi-danske', 'FI', 'Danske Bank', 'DABAFIHH', 10),
	('fi-handelsbanken', 'FI', 'Handelsbanken', 'HANDFIHH', 11),
	('fi-s-pankki', 'FI', 'S-Pankki', 'SBANFIHH', 12),
	('fi-aktia', 'FI', 'Aktia', 'HELSFIHH', 13),
	('fi-pop', 'FI', 'POP Pankki', 'POPFFI22', 14),
	('fi-saastopankki', 'FI', 'Säästöpankki', 'ITELFIHH', 15),
	('fi-alandsbanken', 'FI', 'Ålandsbanken', 'AABAFI22', 16),
	('ee-swedbank', 'EE', 'Swedbank', 'HABAEE2X', 1),
	('ee-seb', 'EE', 'SEB', 'EEUHEE2X', 2),
	('ee-lhv', 'EE', 'LHV Pank', 'LHVBEE22', 3),
	('ee-luminor', 'EE', 'Luminor', 'RIKOEE22', 4),
	('ee-coop', 'EE', 'Coop Pank', 'EKRDEE22', 5),
	('lv-swedbank', 'LV', 'Swedbank', 'HABALV22', 1),
	('lv-seb', 'LV', 'SEB banka', 'UNLALV2X', 2),
	('lv-citadele', 'LV', 'Citadele', 'PARXLV22', 3),
	('lv-luminor', 'LV', 'Luminor', 'RIKOLV2X', 4);
