-- The check-in's runway in months.
-- Generated from server/db/migrations/declared/33_check_in_runway.ts by `npm run migrations:generate`:
-- edit the declaration, never this file. Never edit a published migration: declare a new one.

-- Months the cash lasts at the current burn, as the founder reports it; null when not given.
alter table check_ins add column runway_months bigint check (runway_months >= 0);
