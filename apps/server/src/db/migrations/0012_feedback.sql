CREATE TABLE "feedback_form" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_submission" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"site_id" text NOT NULL,
	"person_id" text NOT NULL,
	"customer_id" text,
	"rating" smallint NOT NULL,
	"open_text" text,
	"form_refreshed_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_submission_rating_check" CHECK ("feedback_submission"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "feedback_form" ADD CONSTRAINT "feedback_form_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submission" ADD CONSTRAINT "feedback_submission_form_id_feedback_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."feedback_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submission" ADD CONSTRAINT "feedback_submission_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submission" ADD CONSTRAINT "feedback_submission_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submission" ADD CONSTRAINT "feedback_submission_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_form_site_idx" ON "feedback_form" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_form_one_active_per_site" ON "feedback_form" USING btree ("site_id") WHERE "feedback_form"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_submission_once_per_round" ON "feedback_submission" USING btree ("form_id","person_id","form_refreshed_at");--> statement-breakpoint
CREATE INDEX "feedback_submission_form_idx" ON "feedback_submission" USING btree ("form_id","created_at");