-- a supervisor's add of a person to the staff is an invitation that waits for that person's answer
-- (issue 32 item 1): nobody joins a company, gains a role or has their profile touched without
-- accepting. A row lives only while the invitation is pending; accepting or declining deletes it
-- (the audit log keeps who decided what), so a declined invitation leaves nothing behind.
create table company_staff_invitations (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    -- the normalized e-mail invited: whoever signs in with it may answer (it may have no account yet)
    email text not null,
    -- what the company keeps about the person once they join
    job_title text,
    invited_by_user_id uuid references users (id) on delete set null,
    -- the mail's language when the e-mail has no account (the supervisor's language then)
    locale text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, email)
);
create index company_staff_invitations_email_idx on company_staff_invitations (email);
create trigger company_staff_invitations_updated_at before update on company_staff_invitations
    for each row execute function set_updated_at();

-- what the company keeps about a member; the name and phone are the person's own (their profile)
alter table company_staff add column job_title text;
