CREATE TABLE "contract_move_out" (
	"contract_id" text PRIMARY KEY NOT NULL,
	"end_date" date NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"meter_reading_kwh" integer,
	"reported_by" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_move_out_country_code_check" CHECK ("contract_move_out"."country_code" in ('FI', 'EE', 'LV'))
);
--> statement-breakpoint
ALTER TABLE "contract_move_out" ADD CONSTRAINT "contract_move_out_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;