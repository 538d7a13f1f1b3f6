CREATE TABLE "controllable_load" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"metering_point_id" text NOT NULL,
	"relay" smallint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"rated_w" integer NOT NULL,
	"state" text DEFAULT 'on' NOT NULL,
	"state_changed_at" timestamp with time zone,
	CONSTRAINT "controllable_load_kind_check" CHECK ("controllable_load"."kind" in ('water-heater', 'ev-charger', 'space-heating', 'sauna-stove', 'lighting', 'other')),
	CONSTRAINT "controllable_load_state_check" CHECK ("controllable_load"."state" in ('on', 'off')),
	CONSTRAINT "controllable_load_relay_check" CHECK ("controllable_load"."relay" between 1 and 8),
	CONSTRAINT "controllable_load_rated_w_check" CHECK ("controllable_load"."rated_w" > 0)
);
--> statement-breakpoint
CREATE TABLE "load_command" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"object_id" text NOT NULL,
	"metering_point_id" text NOT NULL,
	"load_id" text,
	"target" text NOT NULL,
	"target_key" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"origin" text NOT NULL,
	"plan_id" text,
	"requested_by" text,
	"request_id" text,
	"failure_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "load_command_target_check" CHECK ("load_command"."target" in ('load', 'connection', 'han-port', 'readings')),
	CONSTRAINT "load_command_action_check" CHECK ("load_command"."action" in ('relay-on', 'relay-off', 'connect', 'disconnect', 'han-open', 'han-close', 'read-now')),
	CONSTRAINT "load_command_status_check" CHECK ("load_command"."status" in ('pending', 'confirmed', 'failed', 'timed-out')),
	CONSTRAINT "load_command_origin_check" CHECK ("load_command"."origin" in ('customer', 'plan'))
);
--> statement-breakpoint
CREATE TABLE "load_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"load_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"hours_needed" smallint NOT NULL,
	"rated_w" integer NOT NULL,
	"vat_permille" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"planned_cost_cents" integer NOT NULL,
	"at_once_cost_cents" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "load_plan_status_check" CHECK ("load_plan"."status" in ('scheduled', 'done', 'cancelled')),
	CONSTRAINT "load_plan_window_check" CHECK ("load_plan"."window_start" < "load_plan"."window_end"),
	CONSTRAINT "load_plan_hours_check" CHECK ("load_plan"."hours_needed" between 1 and 48)
);
--> statement-breakpoint
CREATE TABLE "meter_control" (
	"metering_point_id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"han_port" text DEFAULT 'closed' NOT NULL,
	"han_port_changed_at" timestamp with time zone,
	"remote_switching" boolean DEFAULT false NOT NULL,
	"connection_changed_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "meter_control_han_port_check" CHECK ("meter_control"."han_port" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "controllable_load" ADD CONSTRAINT "controllable_load_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controllable_load" ADD CONSTRAINT "controllable_load_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controllable_load" ADD CONSTRAINT "controllable_load_metering_point_id_meter_control_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."meter_control"("metering_point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_command" ADD CONSTRAINT "load_command_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_command" ADD CONSTRAINT "load_command_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_command" ADD CONSTRAINT "load_command_object_id_supply_object_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."supply_object"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_command" ADD CONSTRAINT "load_command_metering_point_id_meter_control_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."meter_control"("metering_point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_command" ADD CONSTRAINT "load_command_load_id_controllable_load_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."controllable_load"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_command" ADD CONSTRAINT "load_command_requested_by_person_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_load_id_controllable_load_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."controllable_load"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_plan" ADD CONSTRAINT "load_plan_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_control" ADD CONSTRAINT "meter_control_metering_point_id_metering_point_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_control" ADD CONSTRAINT "meter_control_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_control" ADD CONSTRAINT "meter_control_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "controllable_load_relay_unique" ON "controllable_load" USING btree ("metering_point_id","relay");--> statement-breakpoint
CREATE INDEX "controllable_load_customer_idx" ON "controllable_load" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "load_command_one_pending" ON "load_command" USING btree ("metering_point_id","target_key") WHERE "load_command"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "load_command_customer_idx" ON "load_command" USING btree ("site_id","customer_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "load_plan_one_scheduled" ON "load_plan" USING btree ("load_id") WHERE "load_plan"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "load_plan_customer_idx" ON "load_plan" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "meter_control_customer_idx" ON "meter_control" USING btree ("site_id","customer_id");