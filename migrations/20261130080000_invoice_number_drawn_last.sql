-- An invoice's gapless number is drawn as the last statement of its transaction
-- (domain::billing::orders::number), so that its series' row lock in invoice_number_sequences,
-- which orders every invoice of the year, is held for the commit alone: under load, publishes
-- waited seconds behind each other's lock while holding their connections. The invoice is
-- inserted without its number; this deferred trigger refuses a commit that leaves one without.
alter table invoices alter column number drop not null;

create function invoices_numbered() returns trigger language plpgsql as $$
begin
    if exists (select 1 from invoices where id = new.id and number is null) then
        raise exception 'invoice % would be committed without its number', new.id
            using errcode = 'check_violation';
    end if;
    return null;
end
$$;

create constraint trigger invoices_numbered
    after insert or update of number on invoices
    deferrable initially deferred
    for each row execute function invoices_numbered();
