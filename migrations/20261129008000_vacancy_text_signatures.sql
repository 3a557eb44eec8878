-- Issue 35 §3, the near-duplicate signal (domain/src/signals/minhash.rs, docs/moderation.md "## Signals"):
-- the MinHash signature of each vacancy's text and its band hashes, written when the vacancy is
-- published or edited (signals::refresh) and for the ads live before (signals::backfill). A new
-- ad's candidates are the live ads sharing a band (the GIN index); the signatures then decide.
create table vacancy_text_signatures (
    vacancy_id uuid primary key references vacancies (id) on delete cascade,
    -- 128 minimum hashes of the text's word shingles
    minhash bigint[] not null,
    -- 32 hashes of 4 values of minhash each
    bands bigint[] not null,
    computed_at timestamptz not null default now()
);
create index vacancy_text_signatures_bands_idx on vacancy_text_signatures using gin (bands);
