-- Hand-written: a site admin's text overrides are kept with their site by every server copy (decision 134), so a write
-- to them announces the site on `site_changed` as a write to any other of the site's rows does (migration 0024).
CREATE TRIGGER translation_override_site_changed AFTER INSERT OR UPDATE OR DELETE ON translation_override
  FOR EACH ROW EXECUTE FUNCTION notify_site_changed('site_id');
