-- The PostgreSQL roles and database of one deployment. Run once, as a superuser, on the
-- maintenance database (idempotent: running it again changes nothing but the passwords):
--
--   sudo -u postgres psql -v ON_ERROR_STOP=1 -v db=mahjong -v owner=mahjong_owner \
--        -v app=mahjong_app -v owner_password="$OWNER_PW" -v app_password="$APP_PW" \
--        -f deploy/postgres/roles.sql
--
-- Two roles:
-- - the OWNER owns the database, its schema and (through `migrate`) every table, sequence,
--   trigger and function. Only it runs migrations and restores. No long-running process
--   connects as it.
-- - the APP role is what gunicorn and Celery connect as. It owns nothing, so it cannot
--   ALTER TABLE (no DISABLE TRIGGER), DROP or TRUNCATE, nor SET session_replication_role
--   (superuser only): the append-only triggers hold whatever the application does.
--   Its table privileges are given by grants.sql after every `migrate`.
\set ON_ERROR_STOP on

SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS', :'owner')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT', :'app')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
ALTER ROLE :"owner" NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'owner_password';
ALTER ROLE :"app" NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD :'app_password';
-- The application's role is a member of no role: it can never SET ROLE to the owner.
SELECT format('REVOKE %I FROM %I', r.rolname, :'app')
FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = :'app') \gexec

SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', :'db', :'owner', 'UTF8')
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
ALTER DATABASE :"db" OWNER TO :"owner";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"db" TO :"app";

\connect :"db"
-- The schema belongs to the owner; nobody else may create objects in it.
ALTER SCHEMA public OWNER TO :"owner";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";
