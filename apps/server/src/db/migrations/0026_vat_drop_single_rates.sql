-- The single rates of a contract, an invoice and a plan give way to the rate history (0025_vat_rates, decision 093).
ALTER TABLE "invoice_row" ALTER COLUMN "vat_permille" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" DROP COLUMN "vat_permille";--> statement-breakpoint
ALTER TABLE "contract" DROP COLUMN "vat_permille";--> statement-breakpoint
ALTER TABLE "load_plan" DROP COLUMN "vat_permille";