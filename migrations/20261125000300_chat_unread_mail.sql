-- an unread chat message older than 15 minutes is mailed to its recipient once: when that was done
alter table chat_messages add column notified_at timestamptz;
create index chat_messages_unnotified_idx on chat_messages (created_at) where read_at is null and notified_at is null;
