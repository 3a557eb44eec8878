-- The near-duplicate probe (domain/src/signals/detect.rs) reads the signatures of up to 500 ads
-- sharing a band with a new one, on every publish and edit. As `bigint[]` each row went out as 128
-- elements with their own headers, sent and decoded one by one: most of the probe's 19-30 ms a call
-- (bench/results/2026-12-03-http-writes-cost.md). Stored as one `bytea` of 128 big-endian 8-byte
-- values (1 KB, within the row), a row is one copy. An empty signature (a text too short to have
-- one, kept by the backfill) stays empty.
alter table vacancy_text_signatures add column minhash_bytes bytea;
update vacancy_text_signatures set minhash_bytes =
    (select coalesce(string_agg(int8send(value), ''::bytea order by position), ''::bytea)
     from unnest(minhash) with ordinality as t(value, position));
alter table vacancy_text_signatures drop column minhash;
alter table vacancy_text_signatures rename column minhash_bytes to minhash;
alter table vacancy_text_signatures alter column minhash set not null;
comment on column vacancy_text_signatures.minhash is '128 minimum hashes of the text''s word shingles, each 8 bytes big-endian (int8send)';
