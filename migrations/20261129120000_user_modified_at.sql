-- an account's "modified" date (spec 2 section 3: an employer user's modifiedDate): when the person
-- (name, phone, avatar: the profile) or the account (e-mail, language, mail choices, deletion) last
-- changed. `updated_at` moves on every sign-in and retention warning, which are not
-- changes of the account, so it cannot be that date.
alter table users add column modified_at timestamptz;
update users u
   set modified_at = greatest(u.created_at, (select p.updated_at from profiles p where p.user_id = u.id));
alter table users alter column modified_at set default now(), alter column modified_at set not null;

-- a change of the account's content moves it, unless the update sets it itself; the columns left
-- out of the comparison are bookkeeping, not content
create function set_user_modified_at() returns trigger
language plpgsql as $$
begin
    if new.modified_at is not distinct from old.modified_at
       and (to_jsonb(new) - array['created_at', 'updated_at', 'modified_at', 'last_login_at', 'retention_warned_at'])
           is distinct from (to_jsonb(old) - array['created_at', 'updated_at', 'modified_at', 'last_login_at', 'retention_warned_at']) then
        new.modified_at = now();
    end if;
    return new;
end;
$$;
create trigger users_modified_at before update on users for each row execute function set_user_modified_at();

-- a profile written is the person modified
create function touch_user_modified_at() returns trigger
language plpgsql as $$
begin
    update users set modified_at = now() where id = new.user_id;
    return null;
end;
$$;
create trigger profiles_user_modified_at after insert or update on profiles
    for each row execute function touch_user_modified_at();
