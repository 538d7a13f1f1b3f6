-- Custom migration (hand-written; keep it when regenerating): staging tables that imports killed half-way left
-- in the schema before staging moved to temporary tables, which end with their session (docs/decisions/014).
DO $$
DECLARE
  leftover text;
BEGIN
  FOR leftover IN
    SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
    WHERE tablename ~ '^import_(reading|spot_price)_[0-9a-f]{32}$'
  LOOP
    EXECUTE 'DROP TABLE ' || leftover;
  END LOOP;
END $$;
