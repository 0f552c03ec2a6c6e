-- The deal recorded at the signature and the versioned rate card (issue 20; ADRs 0157-0159).
-- Mirrors version 23 of the SQLite schema (server/db/migrations/sqlite.ts). Never edit a published
-- migration: add a new file.

-- The rate card (tarifario): a version is a set of rows; once published it is never edited (a new
-- price is a new version). Prices in whole pesos (ADR 0157).
create table rate_card_versions (
  id uuid primary key,
  number integer not null unique check (number > 0),
  note text not null,
  status text not null check (status in ('draft', 'published')),
  created_by uuid not null references team_members (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  published_by uuid references team_members (id),
  published_at timestamptz
);
create table rate_card_items (
  id uuid primary key,
  version_id uuid not null references rate_card_versions (id) on delete cascade,
  position integer not null,
  outlet text not null check (outlet in ('diario_popular', 'medio_impreso_digital', 'tv_nacional', 'radio_regional', 'consultoria')),
  format text not null,
  unit_price_cop bigint not null check (unit_price_cop > 0)
);
create index rate_card_items_version on rate_card_items (version_id, position);

-- The deal recorded with the move to acuerdo_firmado (one per application, deleted with it).
-- Percentages in hundredths of a point, USD in cents, COP in whole pesos (ADR 0157); days as AAAA-MM-DD.
create table deals (
  application_id uuid primary key references applications (id) on delete cascade,
  equity_bp integer not null check (equity_bp > 0 and equity_bp <= 10000),
  instrument text not null check (instrument in ('acciones', 'nota_convertible')),
  discount_bp integer check (discount_bp >= 0 and discount_bp <= 10000),
  valuation_usd_cents bigint not null check (valuation_usd_cents > 0),
  media_value_cop bigint not null check (media_value_cop > 0),
  investment_value_cop bigint not null check (investment_value_cop > 0),
  window_start text not null,
  window_months integer not null check (window_months between 6 and 12),
  follow_up_start text not null,
  rate_card_version_id uuid references rate_card_versions (id),
  signed_by uuid references team_members (id),
  signed_at timestamptz not null,
  updated_by uuid references team_members (id),
  updated_at timestamptz not null,
  check ((instrument = 'nota_convertible') = (discount_bp is not null))
);
create index deals_rate_card_version on deals (rate_card_version_id);

alter table rate_card_versions enable row level security;
alter table rate_card_items enable row level security;
alter table deals enable row level security;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on rate_card_versions, rate_card_items, deals from %I', r);
    end if;
  end loop;
end
$$;
