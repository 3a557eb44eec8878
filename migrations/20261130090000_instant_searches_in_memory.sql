-- The worker keeps the active instant saved searches in memory, each distinct query once with the
-- saved searches that hold it (domain::alerts::matching::InstantSearches, docs/alerts.md), and
-- reads at each match run only what changed since its last read: the rows whose `updated_at`
-- moved and the rows removed. It no longer asks Postgres for a vacancy's candidates, so the
-- anchors (the prefilter's terms, GIN-indexed) go.

-- every change that makes a saved search matched or not, or matched otherwise, moves `updated_at`
-- whatever statement makes it (the API sets it too)
drop trigger saved_searches_filter_updated_at on saved_searches;
create trigger saved_searches_matching_updated_at
    before update of filter, frequency, paused, confirmed_at on saved_searches
    for each row when (old.filter is distinct from new.filter or old.frequency is distinct from new.frequency
        or old.paused is distinct from new.paused or old.confirmed_at is distinct from new.confirmed_at)
    execute function set_updated_at();
create index saved_searches_updated_idx on saved_searches (updated_at);

-- Saved searches deleted (by their owner, with the account, or unconfirmed after 7 days), for the
-- worker's reads of what changed; kept a day.
create table saved_search_removals (
    saved_search_id uuid not null,
    removed_at timestamptz not null default now()
);
create index saved_search_removals_time_idx on saved_search_removals (removed_at);
create function record_saved_search_removals() returns trigger
language plpgsql as $$
begin
    insert into saved_search_removals (saved_search_id) select id from removed;
    return null;
end;
$$;
create trigger saved_searches_removed after delete on saved_searches
    referencing old table as removed for each statement execute function record_saved_search_removals();

drop index saved_searches_anchors_idx;
alter table saved_searches drop column anchors;
