-- Custom migration (hand-written; keep it when regenerating).
-- The actor cache of every server copy (docs/decisions/080) hears here whose actor changed: sign-out or an
-- ended session, access rights (representation), staff roles, the person (verification, locale) by person id,
-- and any change of a customer as '*'. NOTIFY is delivered on commit, in commit order, to every listener.
CREATE FUNCTION notify_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('actor_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('actor_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('actor_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_session_actor_changed AFTER UPDATE OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION notify_actor_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER customer_access_actor_changed AFTER INSERT OR UPDATE OR DELETE ON customer_access
  FOR EACH ROW EXECUTE FUNCTION notify_actor_changed('person_id');
--> statement-breakpoint
CREATE TRIGGER staff_member_actor_changed AFTER INSERT OR UPDATE OR DELETE ON staff_member
  FOR EACH ROW EXECUTE FUNCTION notify_actor_changed('person_id');
--> statement-breakpoint
CREATE TRIGGER person_actor_changed AFTER UPDATE OR DELETE ON person
  FOR EACH ROW EXECUTE FUNCTION notify_actor_changed('id');
--> statement-breakpoint
CREATE TRIGGER customer_actor_changed AFTER UPDATE OR DELETE ON customer
  FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_changed('*');
