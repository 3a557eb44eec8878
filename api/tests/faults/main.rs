//! Fault tests: the real `vakants` binary against private Postgres and Redis servers that the
//! tests stop, kill and fill, each test saying in its name and documentation what is lost (the
//! goal, and what they check: nothing). They skip, saying so, only where a tool is missing
//! (PostgreSQL server binaries, redis-server; root for the disk-full test's tmpfs).
//! `docs/deploy.md` ("Faults") describes each fault and what the app does.
//!
//! Run alone: `cargo nextest run -p api --test faults` (`.config/nextest.toml` runs them one at a
//! time: each starts its own servers).

mod disk_full;
mod harness;
mod postgres_restart;
mod redis_down;
mod worker_kill;
