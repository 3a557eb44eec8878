//! `sqlx::migrate!("../migrations")` embeds the migrations at compile time, but a proc macro cannot
//! tell Cargo which files it read: without this, a new migration file is not seen until something
//! else in the crate changes, and a binary built from a warm cache silently lacks it (sqlx's own
//! advice, `sqlx migrate build-script`).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
