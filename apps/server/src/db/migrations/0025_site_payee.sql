CREATE TABLE "site_payee" (
	"site_id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"business_id" text NOT NULL,
	"vat_number" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"accounts" jsonb NOT NULL,
	"reference_kind" text NOT NULL,
	"epc_qr" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_payee_reference_kind_check" CHECK ("site_payee"."reference_kind" in ('national', 'rf', 'none')),
	CONSTRAINT "site_payee_accounts_check" CHECK (jsonb_typeof("site_payee"."accounts") = 'array' and jsonb_array_length("site_payee"."accounts") between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "site_payee" ADD CONSTRAINT "site_payee_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;