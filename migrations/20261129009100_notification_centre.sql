-- The notification centre (docs/accounts.md, "Notifications"): one row per event behind the
-- menu's badges, written by the triggers below wherever the event happens (the domain's code, an
-- administrator's screen or a fixture alike), so no path that changes these tables can forget it.
--
-- A row is addressed either to a user (an applicant's events, a claimant's decision, an alert's
-- match) or to a company (its staff's events); a company's row shows to the members of its staff
-- who see its object (the delegation rule, applied when reading). Each reader marks a row read for
-- themselves in `notification_reads`, so a colleague's reading does not hide it from another.
alter table notifications alter column user_id drop not null;
alter table notifications drop column read_at;
alter table notifications
    add column company_id uuid references companies (id) on delete cascade,
    add column vacancy_id uuid references vacancies (id) on delete cascade,
    add column application_id uuid references applications (id) on delete cascade,
    add column interview_id uuid references interviews (id) on delete cascade,
    add column chat_id uuid references chats (id) on delete cascade,
    add column invoice_id uuid references invoices (id) on delete cascade,
    add column saved_search_id uuid references saved_searches (id) on delete cascade,
    add constraint notifications_addressee_check check ((user_id is null) <> (company_id is null));
create index notifications_company_idx on notifications (company_id, created_at desc) where company_id is not null;
create index notifications_application_idx on notifications (application_id) where application_id is not null;
create index notifications_interview_idx on notifications (interview_id) where interview_id is not null;
create index notifications_chat_idx on notifications (chat_id) where chat_id is not null;
create index notifications_invoice_idx on notifications (invoice_id) where invoice_id is not null;
create index notifications_vacancy_idx on notifications (vacancy_id) where vacancy_id is not null;
create index notifications_saved_search_idx on notifications (saved_search_id) where saved_search_id is not null;

create table notification_reads (
    notification_id uuid not null references notifications (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    read_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (notification_id, user_id)
);
create index notification_reads_user_idx on notification_reads (user_id);
create trigger notification_reads_updated_at before update on notification_reads for each row execute function set_updated_at();

-- a new application reaches the company (not a TEMPORARY draft; not one its own staff added from
-- the CV database)
create function notify_application() returns trigger language plpgsql as $$
begin
    if tg_op = 'INSERT' then
        if new.status = 'EXISTS' and new.source = 'APPLY' then
            insert into notifications (company_id, kind, vacancy_id, application_id)
            select v.company_id, 'APPLICATION_RECEIVED', v.id, new.id from vacancies v where v.id = new.vacancy_id;
        end if;
    elsif new.status = 'EXISTS' and old.status = 'TEMPORARY' and new.source = 'APPLY' then
        insert into notifications (company_id, kind, vacancy_id, application_id)
        select v.company_id, 'APPLICATION_RECEIVED', v.id, new.id from vacancies v where v.id = new.vacancy_id;
    end if;
    return null;
end;
$$;
create trigger applications_notify after insert or update of status on applications
    for each row execute function notify_application();

-- a message reaches the other side of the chat
create function notify_chat_message() returns trigger language plpgsql as $$
declare
    chat chats;
begin
    select * into chat from chats where id = new.chat_id;
    if new.author_user_id is not distinct from chat.applicant_user_id then
        insert into notifications (company_id, kind, chat_id) values (chat.company_id, 'MESSAGE_RECEIVED', chat.id);
    else
        insert into notifications (user_id, kind, chat_id) values (chat.applicant_user_id, 'MESSAGE_RECEIVED', chat.id);
    end if;
    return null;
end;
$$;
create trigger chat_messages_notify after insert on chat_messages for each row execute function notify_chat_message();

-- an invitation reaches the applicant; the applicant's acceptance or cancellation reaches the
-- company; the company's cancellation reaches the applicant (whether the applicant is also told by
-- e-mail is the interview's `notify_applicant`; the centre always shows it)
create function notify_interview() returns trigger language plpgsql as $$
begin
    if tg_op = 'INSERT' then
        if new.status = 'INVITED' then
            insert into notifications (user_id, kind, interview_id, vacancy_id)
            values (new.applicant_user_id, 'INTERVIEW_INVITED', new.id, new.vacancy_id);
        end if;
    elsif new.status = 'ACCEPTED' and old.status is distinct from 'ACCEPTED' then
        insert into notifications (company_id, kind, interview_id, vacancy_id)
        values (new.company_id, 'INTERVIEW_ACCEPTED', new.id, new.vacancy_id);
    elsif new.status = 'CANCELED' and old.status is distinct from 'CANCELED' then
        if new.canceled_by_user_id is not distinct from new.applicant_user_id then
            insert into notifications (company_id, kind, interview_id, vacancy_id)
            values (new.company_id, 'INTERVIEW_CANCELED', new.id, new.vacancy_id);
        else
            insert into notifications (user_id, kind, interview_id, vacancy_id)
            values (new.applicant_user_id, 'INTERVIEW_CANCELED', new.id, new.vacancy_id);
        end if;
    end if;
    return null;
end;
$$;
create trigger interviews_notify after insert or update of status on interviews
    for each row execute function notify_interview();

-- an invoice to pay, and its payment, reach its buyer: the company, else the user
create function notify_invoice() returns trigger language plpgsql as $$
begin
    if tg_op = 'INSERT' and new.status = 'UNPAID' then
        insert into notifications (user_id, company_id, kind, invoice_id)
        values (case when new.company_id is null then new.user_id end, new.company_id, 'INVOICE_DUE', new.id);
    elsif tg_op = 'UPDATE' and new.status = 'PAID' and old.status is distinct from 'PAID' then
        insert into notifications (user_id, company_id, kind, invoice_id)
        values (case when new.company_id is null then new.user_id end, new.company_id, 'INVOICE_PAID', new.id);
    end if;
    return null;
end;
$$;
create trigger invoices_notify after insert or update of status on invoices
    for each row execute function notify_invoice();

-- the decision on a claim to represent a company reaches the claimant
create function notify_company_claim() returns trigger language plpgsql as $$
begin
    if new.status in ('APPROVED', 'REJECTED') and old.status = 'PENDING' then
        insert into notifications (user_id, kind, payload)
        values (new.user_id, 'CLAIM_' || new.status,
                jsonb_build_object('countryCode', new.country_code, 'registryCode', new.registry_code));
    end if;
    return null;
end;
$$;
create trigger company_claims_notify after update of status on company_claims
    for each row execute function notify_company_claim();

-- a vacancy a signed-in user's alert matched (an alert of a visitor by e-mail alone has no centre)
create function notify_alert_match() returns trigger language plpgsql as $$
begin
    insert into notifications (user_id, kind, vacancy_id, saved_search_id)
    select s.user_id, 'ALERT_MATCH', new.vacancy_id, s.id from saved_searches s where s.id = new.saved_search_id and s.user_id is not null;
    return null;
end;
$$;
create trigger alert_matches_notify after insert on alert_matches for each row execute function notify_alert_match();
