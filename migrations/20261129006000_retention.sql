-- retention (issue 36): when the owner of an inactive account was mailed that it will be erased;
-- a warning before their last activity counts for nothing
alter table users add column retention_warned_at timestamptz;

-- the retention pass reads the audit log by age
create index audit_log_created_idx on audit_log (created_at);
