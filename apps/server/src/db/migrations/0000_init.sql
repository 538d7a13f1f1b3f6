CREATE TABLE "locale" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"timezone" text NOT NULL,
	"default_locale_id" text NOT NULL,
	"theme_id" text NOT NULL,
	"country_code" text NOT NULL,
	"ga_measurement_id" text,
	"cookiebot_id" text,
	"gtm_id" text,
	"piwik_pro_id" text,
	"piwik_pro_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_domain" (
	"host" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_external_service" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_external_service_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"placement" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"label" text,
	"locale_id" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_feature" (
	"site_id" text NOT NULL,
	"feature" text NOT NULL,
	CONSTRAINT "site_feature_site_id_feature_pk" PRIMARY KEY("site_id","feature")
);
--> statement-breakpoint
CREATE TABLE "site_locale" (
	"site_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "site_locale_site_id_locale_id_pk" PRIMARY KEY("site_id","locale_id")
);
--> statement-breakpoint
CREATE TABLE "site_meta_field" (
	"site_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "site_meta_field_site_id_locale_id_name_pk" PRIMARY KEY("site_id","locale_id","name")
);
--> statement-breakpoint
CREATE TABLE "translation_override" (
	"site_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"bundle" text DEFAULT 'web' NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_override_site_id_locale_id_bundle_key_pk" PRIMARY KEY("site_id","locale_id","bundle","key")
);
--> statement-breakpoint
CREATE TABLE "client_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"client_id" text,
	"request_id" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"payload" jsonb,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site" ADD CONSTRAINT "site_default_locale_id_locale_id_fk" FOREIGN KEY ("default_locale_id") REFERENCES "public"."locale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domain" ADD CONSTRAINT "site_domain_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_external_service" ADD CONSTRAINT "site_external_service_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_external_service" ADD CONSTRAINT "site_external_service_locale_id_locale_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_feature" ADD CONSTRAINT "site_feature_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_locale" ADD CONSTRAINT "site_locale_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_locale" ADD CONSTRAINT "site_locale_locale_id_locale_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_meta_field" ADD CONSTRAINT "site_meta_field_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_meta_field" ADD CONSTRAINT "site_meta_field_locale_id_locale_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_override" ADD CONSTRAINT "translation_override_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_override" ADD CONSTRAINT "translation_override_locale_id_locale_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_log" ADD CONSTRAINT "client_log_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_external_service_unique" ON "site_external_service" USING btree ("site_id","placement","type",coalesce("locale_id", ''));--> statement-breakpoint
CREATE INDEX "client_log_site_created_idx" ON "client_log" USING btree ("site_id","created_at");