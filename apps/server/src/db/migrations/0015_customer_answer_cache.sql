-- Custom migration (hand-written; keep it when regenerating).
-- The customer answer cache of every server copy (docs/decisions/082) hears here whose data changed: the customer's
-- id, or '*' when data every customer's answers read changed (day-ahead prices, temperatures). NOTIFY is delivered on
-- commit, in commit order, to every listener; identical notifications of one transaction arrive once.
CREATE FUNCTION notify_customer_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer_of text := TG_ARGV[0];
BEGIN
  IF customer_of = '*' THEN
    PERFORM pg_notify('customer_data_changed', '*');
  ELSIF customer_of = 'customer_id' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('customer_data_changed', OLD.customer_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('customer_data_changed', NEW.customer_id); END IF;
  ELSIF customer_of = 'invoice_id' THEN
    PERFORM pg_notify('customer_data_changed', i.customer_id)
    FROM invoice i WHERE i.id IN (CASE WHEN TG_OP <> 'DELETE' THEN NEW.invoice_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.invoice_id END);
  ELSIF customer_of = 'contract_id' THEN
    PERFORM pg_notify('customer_data_changed', c.customer_id)
    FROM contract c WHERE c.id IN (CASE WHEN TG_OP <> 'DELETE' THEN NEW.contract_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.contract_id END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Readings' sums change in bulk (imports, the seed): one notification per customer and statement.
CREATE FUNCTION notify_customers_of_written_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('customer_data_changed', customer_id)
  FROM (SELECT DISTINCT mp.customer_id FROM metering_point mp WHERE mp.id IN (SELECT metering_point_id FROM written)) AS customers;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON invoice
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER invoice_row_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON invoice_row
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('invoice_id');
--> statement-breakpoint
CREATE TRIGGER invoice_postponement_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON invoice_postponement
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('invoice_id');
--> statement-breakpoint
CREATE TRIGGER payment_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON payment
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER contract_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON contract
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER price_component_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON price_component
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('contract_id');
--> statement-breakpoint
CREATE TRIGGER metering_point_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON metering_point
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER supply_object_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON supply_object
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER reading_hour_inserted_customer_data_changed AFTER INSERT ON reading_hour
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION notify_customers_of_written_points();
--> statement-breakpoint
CREATE TRIGGER reading_hour_updated_customer_data_changed AFTER UPDATE ON reading_hour
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION notify_customers_of_written_points();
--> statement-breakpoint
CREATE TRIGGER spot_price_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON spot_price
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_data_changed('*');
--> statement-breakpoint
CREATE TRIGGER temperature_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON temperature
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_data_changed('*');
