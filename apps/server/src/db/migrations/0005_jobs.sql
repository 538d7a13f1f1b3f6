CREATE TABLE "job" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_status_check" CHECK ("job"."status" in ('queued', 'running', 'done', 'dead')),
	CONSTRAINT "job_attempts_check" CHECK ("job"."attempts" >= 0 and "job"."max_attempts" between 1 and 100),
	CONSTRAINT "job_lease_check" CHECK (("job"."status" = 'running') = ("job"."lease_owner" is not null and "job"."lease_expires_at" is not null)),
	CONSTRAINT "job_finished_check" CHECK (("job"."status" in ('done', 'dead')) = ("job"."finished_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"timezone" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_kind_dedupe_key_unique" ON "job" USING btree ("kind","dedupe_key") WHERE "job"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at","id") WHERE "job"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "job_lease_idx" ON "job" USING btree ("lease_expires_at") WHERE "job"."status" = 'running';--> statement-breakpoint
CREATE INDEX "job_finished_idx" ON "job" USING btree ("finished_at") WHERE "job"."status" in ('done', 'dead');