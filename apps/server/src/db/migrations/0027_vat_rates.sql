CREATE TABLE "invoice_vat_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_vat_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" text NOT NULL,
	"position" smallint NOT NULL,
	"vat_permille" smallint NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vat_rate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" text NOT NULL,
	"utility" text,
	"supply" text,
	"customer_type" text,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"permille" smallint NOT NULL,
	"legal_source" text NOT NULL,
	CONSTRAINT "vat_rate_series_unique" UNIQUE NULLS NOT DISTINCT("country_code","utility","supply","customer_type","valid_from"),
	CONSTRAINT "vat_rate_country_code_check" CHECK ("vat_rate"."country_code" in ('FI', 'EE', 'LV')),
	CONSTRAINT "vat_rate_utility_check" CHECK ("vat_rate"."utility" in ('electricity', 'heating', 'gas')),
	CONSTRAINT "vat_rate_supply_check" CHECK ("vat_rate"."supply" in ('energy', 'network')),
	CONSTRAINT "vat_rate_customer_type_check" CHECK ("vat_rate"."customer_type" in ('private', 'legal')),
	CONSTRAINT "vat_rate_permille_check" CHECK ("vat_rate"."permille" between 0 and 1000),
	CONSTRAINT "vat_rate_valid_to_check" CHECK ("vat_rate"."valid_to" is null or "vat_rate"."valid_to" >= "vat_rate"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "invoice_row" ADD COLUMN "vat_permille" smallint;--> statement-breakpoint
ALTER TABLE "invoice_vat_line" ADD CONSTRAINT "invoice_vat_line_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_vat_line_rate_unique" ON "invoice_vat_line" USING btree ("invoice_id","vat_permille");--> statement-breakpoint
-- Hand-written (keep when renumbering): the VAT rate history of docs/decisions/093, one row per change, each with
-- its legal source. A later change is one more INSERT in a migration of its own, never an UPDATE of these rows.
INSERT INTO "vat_rate" ("country_code", "utility", "supply", "customer_type", "valid_from", "valid_to", "permille", "legal_source") VALUES
  ('FI', NULL, NULL, NULL, '2013-01-01', NULL, 240, 'Arvonlisäverolaki 1501/1993, 84 §: yleinen verokanta 24 % 1.1.2013 alkaen'),
  ('FI', 'electricity', 'energy', NULL, '2022-12-01', '2023-04-30', 100, 'Laki arvonlisäverolain väliaikaisesta muuttamisesta (HE 194/2022 vp): sähkön myynti 10 % 1.12.2022–30.4.2023; Verohallinto: perusmaksut mukaan, sähkönsiirto ei'),
  ('FI', NULL, NULL, NULL, '2024-09-01', NULL, 255, 'Laki arvonlisäverolain 84 ja 85 b §:n muuttamisesta (HE 61/2024 vp): yleinen verokanta 25,5 % 1.9.2024 alkaen'),
  ('EE', NULL, NULL, NULL, '2009-07-01', NULL, 200, 'Käibemaksuseadus § 15 lg 1: 20 % 1.7.2009 alates'),
  ('EE', NULL, NULL, NULL, '2024-01-01', NULL, 220, 'Käibemaksuseadus § 15 lg 1 (muudetud 2023): 22 % 1.1.2024 alates'),
  ('EE', NULL, NULL, NULL, '2025-07-01', NULL, 240, 'Käibemaksuseadus § 15 lg 1 (muudetud 2025): 24 % 1.7.2025 alates'),
  ('LV', NULL, NULL, NULL, '2011-01-01', NULL, 220, 'Likums "Par pievienotās vērtības nodokli": standartlikme 22 % no 1.1.2011'),
  ('LV', NULL, NULL, NULL, '2012-07-01', NULL, 210, 'Likums "Par pievienotās vērtības nodokli": standartlikme 21 % no 1.7.2012; Pievienotās vērtības nodokļa likums no 1.1.2013'),
  ('LV', 'heating', NULL, 'private', '2011-01-01', NULL, 120, 'Samazinātā likme 12 % siltumenerģijai, ko fiziskā persona patērē mājsaimniecības vajadzībām: likums "Par pievienotās vērtības nodokli" no 1.1.2011; Pievienotās vērtības nodokļa likums, 42. pants, no 1.1.2013');
--> statement-breakpoint
-- Hand-written: every invoice issued before this migration was taxed at its one rate: its rows carry that rate and
-- it gets one VAT line with its own net and VAT, so no amount of an issued invoice changes.
UPDATE "invoice_row" SET "vat_permille" = "invoice"."vat_permille" FROM "invoice" WHERE "invoice"."id" = "invoice_row"."invoice_id";
--> statement-breakpoint
INSERT INTO "invoice_vat_line" ("invoice_id", "position", "vat_permille", "net_cents", "vat_cents")
SELECT "id", 1, "vat_permille", "net_cents", "vat_cents" FROM "invoice";
--> statement-breakpoint
-- Hand-written: a cheapest-hours plan made before this migration priced every hour at the plan's one rate; each
-- stored hour now says its rate (db/schema/power.ts PlannedHour).
UPDATE "load_plan" SET "hours" = (
  SELECT coalesce(jsonb_agg(h || jsonb_build_object('vatPermille', "load_plan"."vat_permille") ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("load_plan"."hours") WITH ORDINALITY AS e(h, n)
);

--> statement-breakpoint
-- The single rates of a contract, an invoice and a plan give way to the rate history (above, decision 093).
ALTER TABLE "invoice_row" ALTER COLUMN "vat_permille" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "vat_permille";--> statement-breakpoint
ALTER TABLE "contract" DROP COLUMN "vat_permille";--> statement-breakpoint
ALTER TABLE "load_plan" DROP COLUMN "vat_permille";