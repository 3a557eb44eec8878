-- Sign-in links (domain/src/accounts/otp.rs): every sign-in mail carries a link beside its code, and
-- once the account's daily count of wrong codes is spent the link alone. A row of one_time_codes is
-- one sign-in mail: its code (none in a link-only mail) and its link, each with its own state, so
-- wrong codes that kill the code leave the link alive. Only keyed hashes are kept: of the link's
-- token and of the nonce the asking browser holds in an HttpOnly cookie (the link works only there).
alter table one_time_codes
    alter column code_hash drop not null,
    add column link_hash bytea,
    add column browser_hash bytea,
    add column link_expires_at timestamptz,
    add column link_used_at timestamptz;
create unique index one_time_codes_link_idx on one_time_codes (link_hash) where link_hash is not null;
