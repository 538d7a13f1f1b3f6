ALTER TABLE "invoice_row" DROP CONSTRAINT "invoice_row_component_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_row" DROP CONSTRAINT "invoice_row_unit_check";--> statement-breakpoint
ALTER TABLE "price_component" DROP CONSTRAINT "price_component_kind_check";--> statement-breakpoint
ALTER TABLE "price_component" DROP CONSTRAINT "price_component_unit_check";--> statement-breakpoint
ALTER TABLE "product_price_component" DROP CONSTRAINT "product_price_component_kind_check";--> statement-breakpoint
ALTER TABLE "product_price_component" DROP CONSTRAINT "product_price_component_unit_check";--> statement-breakpoint
ALTER TABLE "price_component" ADD COLUMN "threshold_kw" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "product_price_component" ADD COLUMN "threshold_kw" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_component_kind_check" CHECK ("invoice_row"."component_kind" in ('Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Monthly', 'Margin', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling', 'Power', 'Spot'));--> statement-breakpoint
ALTER TABLE "invoice_row" ADD CONSTRAINT "invoice_row_unit_check" CHECK ("invoice_row"."unit" in ('kWh', 'month', 'kW'));--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_power_check" CHECK (("price_component"."kind" = 'Power') = ("price_component"."unit" = 'c/kW') and ("price_component"."threshold_kw" is null or ("price_component"."kind" = 'Power' and "price_component"."threshold_kw" >= 0)));--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_kind_check" CHECK ("price_component"."kind" in ('Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Monthly', 'Margin', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling', 'Power'));--> statement-breakpoint
ALTER TABLE "price_component" ADD CONSTRAINT "price_component_unit_check" CHECK ("price_component"."unit" in ('c/kWh', 'c/month', 'c/year', 'c/kW'));--> statement-breakpoint
ALTER TABLE "product_price_component" ADD CONSTRAINT "product_price_component_power_check" CHECK (("product_price_component"."kind" = 'Power') = ("product_price_component"."unit" = 'c/kW') and ("product_price_component"."threshold_kw" is null or ("product_price_component"."kind" = 'Power' and "product_price_component"."threshold_kw" >= 0)));--> statement-breakpoint
ALTER TABLE "product_price_component" ADD CONSTRAINT "product_price_component_kind_check" CHECK ("product_price_component"."kind" in ('Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Monthly', 'Margin', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling', 'Power'));--> statement-breakpoint
ALTER TABLE "product_price_component" ADD CONSTRAINT "product_price_component_unit_check" CHECK ("product_price_component"."unit" in ('c/kWh', 'c/month', 'c/year', 'c/kW'));