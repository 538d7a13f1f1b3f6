CREATE TABLE "reading_day" (
	"metering_point_id" text NOT NULL,
	"direction" text NOT NULL,
	"day" date NOT NULL,
	"wh" bigint NOT NULL,
	"measured_intervals" integer NOT NULL,
	"estimated_intervals" integer NOT NULL,
	CONSTRAINT "reading_day_metering_point_id_direction_day_pk" PRIMARY KEY("metering_point_id","direction","day"),
	CONSTRAINT "reading_day_direction_check" CHECK ("reading_day"."direction" in ('consumption', 'production'))
);
--> statement-breakpoint
CREATE TABLE "reading_hour" (
	"metering_point_id" text NOT NULL,
	"direction" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"wh" bigint NOT NULL,
	"measured_intervals" integer NOT NULL,
	"estimated_intervals" integer NOT NULL,
	CONSTRAINT "reading_hour_metering_point_id_direction_starts_at_pk" PRIMARY KEY("metering_point_id","direction","starts_at"),
	CONSTRAINT "reading_hour_direction_check" CHECK ("reading_hour"."direction" in ('consumption', 'production'))
);
--> statement-breakpoint
CREATE TABLE "reading_month" (
	"metering_point_id" text NOT NULL,
	"direction" text NOT NULL,
	"month" date NOT NULL,
	"wh" bigint NOT NULL,
	"measured_intervals" integer NOT NULL,
	"estimated_intervals" integer NOT NULL,
	CONSTRAINT "reading_month_metering_point_id_direction_month_pk" PRIMARY KEY("metering_point_id","direction","month"),
	CONSTRAINT "reading_month_direction_check" CHECK ("reading_month"."direction" in ('consumption', 'production'))
);
--> statement-breakpoint
CREATE TABLE "spot_price_hour" (
	"bidding_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"eur_per_mwh" numeric NOT NULL,
	CONSTRAINT "spot_price_hour_bidding_zone_starts_at_pk" PRIMARY KEY("bidding_zone","starts_at"),
	CONSTRAINT "spot_price_hour_bidding_zone_check" CHECK ("spot_price_hour"."bidding_zone" in ('FI', 'EE', 'LV'))
);
--> statement-breakpoint
ALTER TABLE "reading_day" ADD CONSTRAINT "reading_day_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_month" ADD CONSTRAINT "reading_month_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written: reading_hour has no foreign key (db/schema/energy-rollups.ts): a deleted metering point takes its hours.
CREATE FUNCTION delete_reading_hours_of_point() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reading_hour WHERE metering_point_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER metering_point_deletes_reading_hours AFTER DELETE ON metering_point
  FOR EACH ROW EXECUTE FUNCTION delete_reading_hours_of_point();
--> statement-breakpoint
-- hand-written: rollups of the readings stored before this migration (a fresh database has none); from here on
-- every writer of readings keeps them (modules/readings/reading-rollups.ts).
INSERT INTO "reading_hour" ("metering_point_id", "direction", "starts_at", "wh", "measured_intervals", "estimated_intervals")
SELECT DISTINCT ON (metering_point_id, direction, hour) metering_point_id, direction, hour, wh, measured, estimated
FROM (
	SELECT metering_point_id, direction, date_trunc('hour', starts_at) AS hour, resolution_minutes, sum(wh) AS wh,
		count(*) FILTER (WHERE measured) AS measured, count(*) FILTER (WHERE NOT measured) AS estimated
	FROM "reading" GROUP BY 1, 2, 3, 4
) AS sums
ORDER BY metering_point_id, direction, hour, resolution_minutes DESC;--> statement-breakpoint
INSERT INTO "reading_day" ("metering_point_id", "direction", "day", "wh", "measured_intervals", "estimated_intervals")
SELECT h.metering_point_id, h.direction, (h.starts_at AT TIME ZONE s.timezone)::date, sum(h.wh), sum(h.measured_intervals), sum(h.estimated_intervals)
FROM "reading_hour" h JOIN "metering_point" mp ON mp.id = h.metering_point_id JOIN "site" s ON s.id = mp.site_id
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "reading_month" ("metering_point_id", "direction", "month", "wh", "measured_intervals", "estimated_intervals")
SELECT metering_point_id, direction, date_trunc('month', day)::date, sum(wh), sum(measured_intervals), sum(estimated_intervals)
FROM "reading_day" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- hand-written: hourly prices of the periods stored before this migration; from here on every writer of spot_price
-- keeps them (db/spot-price-hours.ts).
INSERT INTO "spot_price_hour" ("bidding_zone", "starts_at", "eur_per_mwh")
SELECT bidding_zone, date_trunc('hour', starts_at), sum(eur_per_mwh * resolution_minutes) / sum(resolution_minutes)
FROM "spot_price" GROUP BY 1, 2;
--> statement-breakpoint
-- hand-written: statistics for the filled tables, as PGlite runs no autovacuum; unanalysed, a dashboard's join of a
-- year of hours to their prices was planned as nested loops and took minutes.
ANALYZE "reading_hour", "reading_day", "reading_month", "spot_price_hour";
