-- The alert matches' notifications are written once per statement, from its inserted rows
-- together, instead of a trigger call (and a saved-search lookup) per row: a match run inserts
-- hundreds of thousands of rows under load, and the per-row trigger was a quarter of their cost
-- (bench/results/2026-11-30-alerts.md). What it writes is unchanged: one ALERT_MATCH
-- notification per match of a signed-in user's alert.
drop trigger alert_matches_notify on alert_matches;
drop function notify_alert_match();

create function notify_alert_matches() returns trigger language plpgsql as $$
begin
    insert into notifications (user_id, kind, vacancy_id, saved_search_id)
    select s.user_id, 'ALERT_MATCH', m.vacancy_id, s.id
    from inserted m join saved_searches s on s.id = m.saved_search_id
    where s.user_id is not null;
    return null;
end;
$$;
create trigger alert_matches_notify after insert on alert_matches
    referencing new table as inserted
    for each statement execute function notify_alert_matches();
