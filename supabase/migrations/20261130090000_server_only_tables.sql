-- One way to keep a table to the server's own connection (ADR 0177). Every table of this schema is read
-- and written only by the server (Node or the Edge Function, as the table's owner or the service role);
-- Supabase's Data API roles (anon, authenticated) must reach none of them. Until now each migration
-- wrote the same block by hand: row level security on (no policies, so no rows), and every privilege
-- revoked from those roles where they exist (Supabase grants them all on new tables by default, and
-- TRUNCATE, REFERENCES and TRIGGER are not row-level). New tables call this instead.
--
-- It lives in its own schema, which Supabase's Data API does not expose, and nobody but its owner may run it.
create schema if not exists catalitico_private;
revoke all on schema catalitico_private from public;

create or replace function catalitico_private.server_only(variadic tables regclass[]) returns void
language plpgsql
as $$
declare
  t regclass;
  r text;
begin
  foreach t in array tables loop
    execute format('alter table %s enable row level security', t);
    foreach r in array array['anon', 'authenticated'] loop
      if exists (select 1 from pg_roles where rolname = r) then
        execute format('revoke all on %s from %I', t, r);
      end if;
    end loop;
  end loop;
end
$$;
revoke all on function catalitico_private.server_only(regclass[]) from public;

-- data_requests (20261127100000) turned row level security on but kept Supabase's default grants to the
-- Data API roles (no rows reachable, but TRUNCATE is not row-level): taken back here.
select catalitico_private.server_only('data_requests');
