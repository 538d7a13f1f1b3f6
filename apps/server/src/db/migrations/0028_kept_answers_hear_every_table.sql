-- Custom migration (hand-written; keep it when regenerating).
-- Decision 082: a kept answer lives until the database says its data changed. Tables added since 0015 that kept
-- answers read, found by platform/customer-answer-triggers.test.ts, get their triggers here: a customer's own row
-- (its type decides a VAT rate, decision 093), the invoices' VAT lines, the VAT rate table and the site (its clock
-- cuts days and months), the last two for everyone.
CREATE OR REPLACE FUNCTION notify_customer_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer_of text := TG_ARGV[0];
BEGIN
  IF customer_of = '*' THEN
    PERFORM pg_notify('customer_data_changed', '*');
  ELSIF customer_of = 'id' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('customer_data_changed', OLD.id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('customer_data_changed', NEW.id); END IF;
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
CREATE TRIGGER customer_customer_data_changed AFTER UPDATE OR DELETE ON customer
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('id');
--> statement-breakpoint
CREATE TRIGGER invoice_vat_line_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON invoice_vat_line
  FOR EACH ROW EXECUTE FUNCTION notify_customer_data_changed('invoice_id');
--> statement-breakpoint
CREATE TRIGGER vat_rate_customer_data_changed AFTER INSERT OR UPDATE OR DELETE ON vat_rate
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_data_changed('*');
--> statement-breakpoint
CREATE TRIGGER site_customer_data_changed AFTER UPDATE OR DELETE ON site
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_data_changed('*');
