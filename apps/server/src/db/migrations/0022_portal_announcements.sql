CREATE TABLE "announcement" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"audience" text NOT NULL,
	"utility" text,
	"severity" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_audience_check" CHECK ("announcement"."audience" in ('all', 'private', 'legal', 'utility')),
	CONSTRAINT "announcement_utility_check" CHECK ("announcement"."utility" in ('electricity', 'heating', 'gas')),
	CONSTRAINT "announcement_severity_check" CHECK ("announcement"."severity" in ('info', 'warning', 'critical')),
	CONSTRAINT "announcement_period_check" CHECK ("announcement"."valid_until" > "announcement"."valid_from"),
	CONSTRAINT "announcement_utility_audience_check" CHECK (("announcement"."audience" = 'utility') = ("announcement"."utility" is not null))
);
--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_site_valid_idx" ON "announcement" USING btree ("site_id","valid_until");