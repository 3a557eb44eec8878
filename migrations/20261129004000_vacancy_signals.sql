-- Issue 35: what the trust signals found in a vacancy's text when it was published or edited
-- (near-duplicates, scam patterns, discriminatory wording, questions about pay history). A signal
-- never blocks by itself: moderation shows it and its rules may send the ad to review.
create table vacancy_signals (
    vacancy_id uuid not null references vacancies (id) on delete cascade,
    kind text not null check (kind in ('NEAR_DUPLICATE', 'SCAM', 'DISCRIMINATORY', 'PAY_HISTORY_QUESTION', 'NO_PAY_RANGE')),
    -- a strong signal may send the ad to review before it goes live (the moderation rule decides)
    strong boolean not null,
    -- what was found, for a person to judge: words or phrases, or the ids of the near-duplicates
    found jsonb not null default '[]'::jsonb,
    computed_at timestamptz not null default now(),
    primary key (vacancy_id, kind)
);
