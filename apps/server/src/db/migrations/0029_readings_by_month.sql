-- Custom migration (hand-written; keep it when regenerating).
-- Issue 30, docs/decisions/116: the readings table is partitioned by month of `starts_at` (UTC), so a utility's
-- billions of readings are months a query can skip and an operator can detach and archive. The existing table is
-- renamed, the partitioned one made under the old name with the same columns and constraints, every row copied
-- across in this migration's transaction, and the old table dropped: nothing is lost, and the rollups and every
-- query read `reading` as before. A default partition takes rows of months that have no partition yet;
-- ensure_reading_partitions (run nightly by the job readings.make-partitions) gives them one.
ALTER TABLE "reading" RENAME TO "reading_unpartitioned";--> statement-breakpoint
ALTER TABLE "reading_unpartitioned" RENAME CONSTRAINT "reading_metering_point_id_direction_resolution_minutes_starts_at_pk" TO "reading_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "reading_unpartitioned" RENAME CONSTRAINT "reading_metering_point_id_metering_point_id_fk" TO "reading_unpartitioned_metering_point_fk";--> statement-breakpoint
ALTER TABLE "reading_unpartitioned" RENAME CONSTRAINT "reading_direction_check" TO "reading_unpartitioned_direction_check";--> statement-breakpoint
CREATE TABLE "reading" (
	"metering_point_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"resolution_minutes" smallint NOT NULL,
	"wh" bigint NOT NULL,
	"measured" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reading_metering_point_id_direction_resolution_minutes_starts_at_pk" PRIMARY KEY("metering_point_id","direction","resolution_minutes","starts_at"),
	CONSTRAINT "reading_direction_check" CHECK ("direction" in ('consumption', 'production'))
) PARTITION BY RANGE ("starts_at");--> statement-breakpoint
ALTER TABLE "reading" ADD CONSTRAINT "reading_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "reading_default" PARTITION OF "reading" DEFAULT;--> statement-breakpoint
-- One partition per month from `first_month` to `last_month` (UTC months, both included), named reading_YYYY_MM.
-- A month that has none yet gets one, and the rows the default partition holds for it move in, in one transaction.
-- Answers how many partitions it made.
CREATE FUNCTION ensure_reading_partitions(first_month date, last_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  month date := date_trunc('month', first_month)::date;
  made integer := 0;
  partition_name text;
  lower_bound timestamptz;
  upper_bound timestamptz;
BEGIN
  WHILE month <= last_month LOOP
    partition_name := 'reading_' || to_char(month, 'YYYY_MM');
    IF to_regclass(partition_name) IS NULL THEN
      lower_bound := month::timestamp AT TIME ZONE 'UTC';
      upper_bound := (month + interval '1 month')::timestamp AT TIME ZONE 'UTC';
      EXECUTE format('CREATE TABLE %I (LIKE reading INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', partition_name);
      EXECUTE format(
        'WITH moved AS (DELETE FROM reading_default WHERE starts_at >= %L AND starts_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
        lower_bound, upper_bound, partition_name);
      EXECUTE format('ALTER TABLE reading ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', partition_name, lower_bound, upper_bound);
      made := made + 1;
    END IF;
    month := (month + interval '1 month')::date;
  END LOOP;
  RETURN made;
END $$;--> statement-breakpoint
SELECT ensure_reading_partitions(
  coalesce((SELECT min(starts_at) AT TIME ZONE 'UTC' FROM "reading_unpartitioned"), now() AT TIME ZONE 'UTC')::date,
  ((now() AT TIME ZONE 'UTC') + interval '3 months')::date
);--> statement-breakpoint
INSERT INTO "reading" ("metering_point_id", "starts_at", "direction", "resolution_minutes", "wh", "measured")
  SELECT "metering_point_id", "starts_at", "direction", "resolution_minutes", "wh", "measured" FROM "reading_unpartitioned";--> statement-breakpoint
DROP TABLE "reading_unpartitioned";
