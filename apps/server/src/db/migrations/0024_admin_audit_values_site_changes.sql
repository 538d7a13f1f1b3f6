ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
-- Hand-written (keep when renumbering): every server copy keeps sites in memory (docs/decisions/071) and drops a
-- site when it hears its id here. Any write to a site's rows announces it, by the admin area, the seed or a tool.
CREATE FUNCTION notify_site_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('site_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('site_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER site_site_changed AFTER INSERT OR UPDATE OR DELETE ON site
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('id');
--> statement-breakpoint
CREATE TRIGGER site_domain_site_changed AFTER INSERT OR UPDATE OR DELETE ON site_domain
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_locale_site_changed AFTER INSERT OR UPDATE OR DELETE ON site_locale
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_feature_site_changed AFTER INSERT OR UPDATE OR DELETE ON site_feature
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_meta_field_site_changed AFTER INSERT OR UPDATE OR DELETE ON site_meta_field
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_external_service_site_changed AFTER INSERT OR UPDATE OR DELETE ON site_external_service
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('site_id');
--> statement-breakpoint
-- The audit log is read by site, newest first, filtered by person or customer.
CREATE INDEX audit_log_site_person_idx ON audit_log (site_id, person_id, created_at);
