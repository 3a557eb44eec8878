-- The worker's instant matching keeps each saved search's query, converted from its filter, keyed by
-- (id, updated_at) (domain::alerts::matching::QueryCache, docs/alerts.md): whatever statement changes
-- a filter must move updated_at too, or a stale query would go on matching.
create trigger saved_searches_filter_updated_at before update of filter on saved_searches
    for each row when (old.filter is distinct from new.filter) execute function set_updated_at();
