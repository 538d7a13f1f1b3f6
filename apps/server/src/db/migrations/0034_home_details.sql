ALTER TABLE "supply_object" ADD COLUMN "home_kind" text;--> statement-breakpoint
ALTER TABLE "supply_object" ADD COLUMN "heating" text;--> statement-breakpoint
ALTER TABLE "supply_object" ADD COLUMN "floor_area_band" text;--> statement-breakpoint
ALTER TABLE "supply_object" ADD COLUMN "home_details_source" text;--> statement-breakpoint
CREATE INDEX "supply_object_home_kind_idx" ON "supply_object" USING btree ("site_id","home_kind");--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_home_kind_check" CHECK ("supply_object"."home_kind" in ('detached', 'terraced', 'apartment', 'holiday-home'));--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_heating_check" CHECK ("supply_object"."heating" in ('electric', 'heat-pump', 'district', 'gas', 'other'));--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_floor_area_band_check" CHECK ("supply_object"."floor_area_band" in ('under-50', '50-80', '80-120', '120-150', '150-200', 'over-200'));--> statement-breakpoint
ALTER TABLE "supply_object" ADD CONSTRAINT "supply_object_home_details_source_check" CHECK ("supply_object"."home_details_source" in ('customer', 'register'));