-- The matching of saved searches (docs/alerts.md, "Matching").
--
-- The daily and weekly runs look up the saved searches of a frequency whose `matched_until` is
-- before the run's mark (07:00 in Tallinn, on Mondays for the weekly ones).
create index saved_searches_due_idx on saved_searches (frequency, matched_until) where confirmed_at is not null and not paused;
-- ... and the vacancies that went live, or changed in what a search matches, after it.
create index vacancy_live_events_changed_idx on vacancy_live_events ((greatest(went_live_at, updated_at)));
