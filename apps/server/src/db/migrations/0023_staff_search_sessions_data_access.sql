ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "data_area" text;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_customer_access_idx" ON "audit_log" USING btree ("customer_id","created_at") WHERE "audit_log"."data_area" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_person_created_idx" ON "audit_log" USING btree ("person_id","created_at");--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_role_check" CHECK ("audit_log"."actor_role" in ('customer-service', 'site-admin'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_data_area_check" CHECK ("audit_log"."data_area" in ('customer-card', 'acting', 'profile', 'contact-details', 'notifications', 'consumption', 'invoices', 'contracts', 'support', 'outages', 'power-control', 'other'));--> statement-breakpoint
-- Hand-written from here on (carry it over when renumbering).
-- Sessions made before this migration: their last use is unknown, their start is the best guess.
UPDATE "auth_session" SET "last_used_at" = "created_at";--> statement-breakpoint
-- Writing a session's last use (platform/session-activity.ts) changes nobody's actor: the actor cache of every
-- copy hears only changes of what an actor is made of (migration 0009), or it would be emptied on every write.
DROP TRIGGER IF EXISTS auth_session_actor_changed ON auth_session;--> statement-breakpoint
CREATE TRIGGER auth_session_actor_changed AFTER UPDATE OF session_token, user_id, expires, site_id OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION notify_actor_changed('user_id');--> statement-breakpoint
-- Staff customer search with typo tolerance (docs/decisions/075): trigram similarity over text without accents.
-- Both are trusted contrib extensions on PostgreSQL 13+; PGlite loads them from its contrib bundle (platform/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinned to one dictionary it may back an index.
CREATE FUNCTION portal_search_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE INDEX customer_name_search_idx ON customer USING gin (portal_search_text(name) public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX person_name_search_idx ON person USING gin (portal_search_text(name) public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX supply_object_address_search_idx ON supply_object
  USING gin (portal_search_text(street || ' ' || postal_code || ' ' || city) public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX customer_address_search_idx ON customer_address
  USING gin (portal_search_text(street || ' ' || postal_code || ' ' || city) public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX customer_contact_value_search_idx ON customer_contact USING gin (lower(value) public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX invoice_number_search_idx ON invoice (site_id, invoice_number);
