CREATE TABLE "erasure_request" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"person_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_person_id" text,
	CONSTRAINT "erasure_request_status_check" CHECK ("erasure_request"."status" in ('requested', 'done')),
	CONSTRAINT "erasure_request_done_check" CHECK (("erasure_request"."status" = 'done') = ("erasure_request"."done_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "erasure_request" ADD CONSTRAINT "erasure_request_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_request" ADD CONSTRAINT "erasure_request_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_request" ADD CONSTRAINT "erasure_request_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_request" ADD CONSTRAINT "erasure_request_done_by_person_id_person_id_fk" FOREIGN KEY ("done_by_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_request_site_status_idx" ON "erasure_request" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_request_customer_unique" ON "erasure_request" USING btree ("site_id","customer_id");