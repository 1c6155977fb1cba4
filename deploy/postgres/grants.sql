-- The application role's privileges on the tables `migrate` made. Run as the OWNER after every
-- `migrate` and every restore (deploy/upgrade and deploy/restore do), in one transaction:
--
--   psql "$OWNER_DATABASE_URL" -v ON_ERROR_STOP=1 -v app=mahjong_app --single-transaction \
--        -f deploy/postgres/grants.sql
--
-- Every table: read and write rows. The append-only tables (those an append-only trigger
-- guards: the penalty ledger, foul reports, co-offenders, voids, re-pricing links, table
-- results, seat scores, score-sheet hands, confirmations, disputes, calls): read and add rows
-- only, so an UPDATE, DELETE or TRUNCATE is refused by the privileges before the trigger
-- even sees it. One exception, which the trigger polices: a table result version may stop
-- counting and be confirmed once.
\set ON_ERROR_STOP on

GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM :"app";

SELECT format('REVOKE UPDATE, DELETE ON TABLE %s FROM %I', c.oid::regclass, :'app')
FROM pg_class c
WHERE c.relnamespace = 'public'::regnamespace
  AND c.relkind = 'r'
  AND EXISTS (
    SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND p.prosrc LIKE '%is append-only%'
  )
ORDER BY 1 \gexec

GRANT UPDATE (counts, confirmed_by_id, confirmed_at) ON TABLE scoring_tableresult TO :"app";
