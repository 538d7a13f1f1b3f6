CREATE TABLE "inbox_message" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"subject_key" text NOT NULL,
	"content" text NOT NULL,
	"ticket_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_subtype" (
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"topic_code" text NOT NULL,
	"handler_group" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "support_subtype_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "support_ticket" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"person_id" text,
	"request_type" text NOT NULL,
	"subtype_code" text NOT NULL,
	"handler_group" text NOT NULL,
	"status" text NOT NULL,
	"channel_code" text,
	"contact_name" text NOT NULL,
	"email" text,
	"phone" text,
	"message" text NOT NULL,
	"locale_id" text NOT NULL,
	"assignee_person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_request_type_check" CHECK ("support_ticket"."request_type" in ('CONTACTREQ')),
	CONSTRAINT "support_ticket_status_check" CHECK ("support_ticket"."status" in ('TS1', 'TS2', 'TS3', 'TS4')),
	CONSTRAINT "support_ticket_channel_check" CHECK ("support_ticket"."channel_code" in ('PHONE', 'EMAIL', 'PUSH'))
);
--> statement-breakpoint
CREATE TABLE "support_ticket_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"site_id" text NOT NULL,
	"author" text NOT NULL,
	"person_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_comment_author_check" CHECK ("support_ticket_comment"."author" in ('customer', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "support_topic" (
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "support_topic_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
ALTER TABLE "inbox_message" ADD CONSTRAINT "inbox_message_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message" ADD CONSTRAINT "inbox_message_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message" ADD CONSTRAINT "inbox_message_ticket_id_support_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_subtype" ADD CONSTRAINT "support_subtype_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD CONSTRAINT "support_ticket_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD CONSTRAINT "support_ticket_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD CONSTRAINT "support_ticket_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket" ADD CONSTRAINT "support_ticket_assignee_person_id_person_id_fk" FOREIGN KEY ("assignee_person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_comment" ADD CONSTRAINT "support_ticket_comment_ticket_id_support_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_comment" ADD CONSTRAINT "support_ticket_comment_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_comment" ADD CONSTRAINT "support_ticket_comment_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_topic" ADD CONSTRAINT "support_topic_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_message_customer_idx" ON "inbox_message" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "support_ticket_customer_idx" ON "support_ticket" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "support_ticket_queue_idx" ON "support_ticket" USING btree ("site_id","handler_group","status");--> statement-breakpoint
CREATE INDEX "support_ticket_comment_ticket_idx" ON "support_ticket_comment" USING btree ("ticket_id","created_at");