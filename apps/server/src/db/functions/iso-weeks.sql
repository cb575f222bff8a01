-- The week rollups (decision 043: the per-stop, route and vehicle reports read the ISO weeks lying wholly inside their
-- range and the days only at its edges) key their rows by the Monday of the week.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- The Monday of a day's ISO week, as date arithmetic (date_trunc('week', …) goes through timestamptz and the session's
-- time zone).
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE FUNCTION "iso_week_start"(day date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT day - (extract(isodow FROM day)::int - 1)
$$;
