-- The dev outbox keeps the headers a mail carried beyond From, To and Subject (an alert mail's
-- List-Unsubscribe and List-Unsubscribe-Post, RFC 8058), so tests and developers can read them.
alter table dev_outbox add column headers jsonb not null default '[]';
