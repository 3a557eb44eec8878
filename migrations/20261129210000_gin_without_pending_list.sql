-- The two GIN indexes read on every publish and every match run write their entries at once
-- (`fastupdate = off`) instead of into a pending list that every read scans until a vacuum merges
-- it: with autovacuum late or off (it is off on the CI machines), the near-duplicate probe of a
-- publish scanned up to gin_pending_list_limit (4 MB) of pending entries, ~270 ms instead of ~1 ms
-- at 100k ads, on the publishing transaction, while it held the invoice number's row lock
-- (bench/results/2026-11-29-http-long-tail-writes.md). Both tables are written one row at a time
-- (a publish, a saved search), where the pending list saves little.
alter index vacancy_text_signatures_bands_idx set (fastupdate = off);
alter index saved_searches_anchors_idx set (fastupdate = off);
select gin_clean_pending_list('vacancy_text_signatures_bands_idx'::regclass);
select gin_clean_pending_list('saved_searches_anchors_idx'::regclass);
