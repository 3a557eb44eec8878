-- A set's serials are kept uncompressed (docs/alerts.md "Expanding the matches"): the table is a
-- buffer that the expand job empties within moments, and compressing each set's array (thousands
-- of sorted integers, out of line) cost the daily run more than storing it.
alter table alert_match_sets alter column searches set storage external;
