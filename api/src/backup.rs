//! `vakants backup DIR` and `vakants restore DIR`: everything that is not derived, the database
//! and the uploaded files, in a directory an operator can copy anywhere.
//!
//! A backup directory holds
//!
//! - `database.dump`: `pg_dump --format=custom` of the whole database (every schema, so the job
//!   queue and any table added later come along without a list here), taken in one snapshot;
//! - `files/KEY`: the bytes of every `files` row of that same snapshot, under its storage key;
//! - `manifest.json`, written last: size and SHA-256 of each of those, the applied migrations
//!   (the schema version is the newest), the time and the app's version.
//!
//! The files are the ones the snapshot's rows name, read after the dump: stored files are never
//! changed in place (a new upload gets a new random key), so a file can only be missing when it
//! was deleted after the snapshot, and then the backup stops and says to run it again.
//!
//! A restore checks everything before it changes anything: every checksum, no file beside the
//! listed ones, the schema (the dump's own migrations table, which must be the manifest's and
//! this binary's), an empty database and an empty file store. Then the files go into a directory
//! beside the store's (or, for S3, straight into the empty bucket, deleted again on failure),
//! `pg_restore --single-transaction` loads the database (all or nothing), and the directory is
//! renamed into place. The caller then rebuilds the search index.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail, ensure};
use domain::files::FileStore;
use futures::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, PgConnection};
use tokio::io::AsyncWriteExt;

/// The manifest's file name.
pub const MANIFEST: &str = "manifest.json";
/// The database dump's file name.
pub const DUMP: &str = "database.dump";
/// The folder of the uploaded files.
pub const FILES_DIR: &str = "files";
/// What `format` says in a manifest this version writes and reads.
pub const FORMAT: &str = "vakants-backup/1";
/// Files copied at the same time (an S3 store answers each in tens of milliseconds).
const COPY_CONCURRENCY: usize = 8;

/// What `manifest.json` says.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// When the database snapshot was taken.
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The `vakants` build that took it.
    pub app_version: String,
    /// The newest migration applied to the database (sqlx's version number).
    pub schema_version: i64,
    /// Every applied migration (ours and the job queue's), oldest first.
    pub migrations: Vec<AppliedMigration>,
    /// The Postgres server's version.
    pub postgres_version: String,
    /// Where the files came from (a directory or a bucket; never a credential).
    pub file_store: String,
    /// Every file of the backup: the dump first, then `files/…` in key order.
    pub entries: Vec<Entry>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AppliedMigration {
    pub version: i64,
    /// SHA-384 of the migration's SQL as sqlx records it, hex.
    pub checksum: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Entry {
    /// Relative to the backup directory, `/`-separated.
    pub path: String,
    pub size: u64,
    /// SHA-256 of the bytes, hex.
    pub sha256: String,
}

/// What a backup wrote.
#[derive(Debug)]
pub struct BackupReport {
    pub schema_version: i64,
    pub dump_bytes: u64,
    pub files: usize,
    pub file_bytes: u64,
    pub seconds: f64,
}

/// What a restore brought back (before the index rebuild).
#[derive(Debug)]
pub struct RestoreReport {
    pub schema_version: i64,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub files: usize,
    pub seconds: f64,
}

/// The migrations this binary carries (ours and the job queue's), as a restore compares them.
pub fn binary_migrations() -> Vec<AppliedMigration> {
    let mut all: Vec<AppliedMigration> = domain::platform::db::migrators()
        .iter()
        .flat_map(|migrator| migrator.iter())
        .filter(|migration| !migration.migration_type.is_down_migration())
        .map(|migration| AppliedMigration { version: migration.version, checksum: hex::encode(&migration.checksum) })
        .collect();
    all.sort();
    all
}

/// Writes a backup of the database at `database_url` and the files of `store` into `dir`, which
/// must be missing or empty.
pub async fn backup(database_url: &str, store: &FileStore, dir: &Path) -> anyhow::Result<BackupReport> {
    let started = Instant::now();
    prepare_directory(dir)?;
    let options: PgConnectOptions = database_url.parse().context("DATABASE_URL")?;
    let mut conn = options.connect().await.context("connecting to postgres")?;
    let (postgres_version, major) = server_version(&mut conn).await?;

    // one snapshot for the dump and for the list of files: exported by this transaction, which
    // stays open until pg_dump has taken it up and finished
    let mut tx = conn.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *tx).await?;
    let created_at: chrono::DateTime<chrono::Utc> = sqlx::query_scalar("select now()").fetch_one(&mut *tx).await?;
    let snapshot: String = sqlx::query_scalar("select pg_export_snapshot()").fetch_one(&mut *tx).await?;
    let migrations = applied_migrations(&mut tx).await?;
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select storage_key, size_bytes from files order by storage_key").fetch_all(&mut *tx).await?;
    let dump = dir.join(DUMP);
    let output = tokio::process::Command::new(pg_tool("pg_dump", major))
        .arg("--format=custom")
        .arg(format!("--snapshot={snapshot}"))
        .arg("--no-password")
        .arg("--file")
        .arg(&dump)
        .envs(libpq_env(database_url)?)
        .output()
        .await
        .context("running pg_dump (Debian: apt-get install postgresql-client)")?;
    tx.rollback().await?;
    ensure!(output.status.success(), "pg_dump failed: {}", last_lines(&output.stderr));
    let schema_version = migrations.iter().map(|m| m.version).max().unwrap_or(0);

    // the files the snapshot's rows name, each hashed as it is written
    let files_dir = dir.join(FILES_DIR);
    let copied: Vec<Result<Entry, (String, anyhow::Error)>> = futures::stream::iter(rows.iter().cloned())
        .map(|(key, size)| {
            let files_dir = files_dir.clone();
            async move {
                let entry = copy_out(store, &key, &files_dir).await.map_err(|error| (key.clone(), error))?;
                if entry.size != size as u64 {
                    tracing::warn!(key = %key, stored = entry.size, recorded = size, "a stored file's size differs from its row");
                }
                Ok(entry)
            }
        })
        .buffer_unordered(COPY_CONCURRENCY)
        .collect()
        .await;
    let mut entries = vec![hash_file(dir, DUMP).await?];
    let dump_bytes = entries[0].size;
    let mut file_entries = Vec::with_capacity(copied.len());
    for result in copied {
        match result {
            Ok(entry) => file_entries.push(entry),
            Err((key, error)) => {
                let still_there: bool = sqlx::query_scalar("select exists (select 1 from files where storage_key = $1)")
                    .bind(&key)
                    .fetch_one(&mut conn)
                    .await?;
                if !still_there {
                    bail!(
                        "the file {key} was deleted after the snapshot was taken (its row is gone too), so this backup would not be consistent; run the backup again"
                    );
                }
                return Err(error.context(format!("copying the file {key} from {}", store.location())));
            }
        }
    }
    file_entries.sort_by(|a, b| a.path.cmp(&b.path));
    let file_bytes = file_entries.iter().map(|e| e.size).sum();
    let files = file_entries.len();
    entries.extend(file_entries);
    let manifest = Manifest {
        format: FORMAT.into(),
        created_at,
        app_version: crate::BUILD_VERSION.into(),
        schema_version,
        migrations,
        postgres_version,
        file_store: store.location().into(),
        entries,
    };
    // the manifest last, through a rename: a directory without one is an unfinished backup
    let partial = dir.join(format!("{MANIFEST}.partial"));
    write_synced(&partial, &serde_json::to_vec_pretty(&manifest)?).await?;
    tokio::fs::rename(&partial, dir.join(MANIFEST)).await?;
    sync_directory(dir).await;
    Ok(BackupReport { schema_version, dump_bytes, files, file_bytes, seconds: started.elapsed().as_secs_f64() })
}

/// Reads and checks a backup directory without touching any database or store: the manifest,
/// every listed file's size and checksum, and that nothing unlisted lies under `files/`.
pub async fn verify(dir: &Path) -> anyhow::Result<Manifest> {
    let text = tokio::fs::read(dir.join(MANIFEST))
        .await
        .with_context(|| format!("{} has no {MANIFEST}: not a backup, or an unfinished one", dir.display()))?;
    let manifest: Manifest = serde_json::from_slice(&text).with_context(|| format!("{MANIFEST} is not a backup manifest"))?;
    ensure!(manifest.format == FORMAT, "{MANIFEST} is of format {:?}; this vakants reads {FORMAT:?}", manifest.format);
    ensure!(manifest.entries.first().is_some_and(|e| e.path == DUMP), "{MANIFEST} lists no {DUMP} first");
    let newest = manifest.migrations.iter().map(|m| m.version).max().unwrap_or(0);
    ensure!(
        newest == manifest.schema_version,
        "{MANIFEST} says schema version {} but lists migrations up to {newest}: the manifest was changed",
        manifest.schema_version
    );
    let mut listed = BTreeSet::new();
    for entry in &manifest.entries {
        let relative = safe_relative(&entry.path)?;
        ensure!(listed.insert(relative.clone()), "{MANIFEST} lists {} twice", entry.path);
        ensure!(entry.path == DUMP || entry.path.starts_with(&format!("{FILES_DIR}/")), "{MANIFEST} lists {}, outside {FILES_DIR}/", entry.path);
        let found = hash_file(dir, &entry.path).await.with_context(|| format!("{} is listed in {MANIFEST} but cannot be read", entry.path))?;
        ensure!(found.size == entry.size, "{} has {} bytes, the manifest says {}: the backup is damaged or was changed", entry.path, found.size, entry.size);
        ensure!(found.sha256 == entry.sha256, "{} does not match its checksum in the manifest: the backup is damaged or was changed", entry.path);
    }
    for path in files_under(&dir.join(FILES_DIR))? {
        let relative = format!("{FILES_DIR}/{}", path.strip_prefix(dir.join(FILES_DIR)).unwrap_or(&path).display());
        ensure!(listed.contains(&PathBuf::from(&relative)), "{relative} is not in {MANIFEST}: the backup was changed");
    }
    Ok(manifest)
}

/// Refuses a backup whose schema is not this binary's: the dump's own migrations table must list
/// exactly the manifest's migrations, and those must be this binary's.
pub fn check_schema(manifest: &Manifest, in_dump: &[AppliedMigration], binary: &[AppliedMigration]) -> anyhow::Result<()> {
    let mut declared = manifest.migrations.clone();
    declared.sort();
    ensure!(declared == in_dump, "the dump's migrations are not the ones {MANIFEST} lists: the backup was changed");
    if declared == binary {
        return Ok(());
    }
    let ours: BTreeMap<i64, &str> = binary.iter().map(|m| (m.version, m.checksum.as_str())).collect();
    let theirs: BTreeMap<i64, &str> = declared.iter().map(|m| (m.version, m.checksum.as_str())).collect();
    let newest_here = binary.iter().map(|m| m.version).max().unwrap_or(0);
    let remedy = format!(
        "restore it with the vakants that took it ({}), then upgrade as usual",
        manifest.app_version
    );
    if let Some(version) = theirs.keys().find(|v| !ours.contains_key(v)) {
        bail!(
            "schema version mismatch: the backup is at schema version {} and has migration {version}, which this vakants ({}, schema version {newest_here}) does not know; {remedy}",
            manifest.schema_version,
            crate::BUILD_VERSION
        );
    }
    if let Some(version) = ours.keys().find(|v| !theirs.contains_key(v)) {
        bail!(
            "schema version mismatch: the backup is at schema version {}, this vakants ({}) at {newest_here} (migration {version} is not in the backup); {remedy}",
            manifest.schema_version,
            crate::BUILD_VERSION
        );
    }
    let version = theirs.iter().find(|(v, sum)| ours.get(v) != Some(sum)).map(|(v, _)| *v).unwrap_or_default();
    bail!("schema version mismatch: migration {version} differs between the backup and this vakants ({}); {remedy}", crate::BUILD_VERSION)
}

/// Brings a backup back into the empty database at `database_url` (created when missing) and the
/// empty `store`; see the module documentation for the order of the checks.
pub async fn restore(database_url: &str, store: &FileStore, dir: &Path) -> anyhow::Result<RestoreReport> {
    let started = Instant::now();
    let manifest = verify(dir).await?;
    let options: PgConnectOptions = database_url.parse().context("DATABASE_URL")?;
    let database = options.get_database().unwrap_or("vakants").to_string();
    let mut admin = options.clone().database("postgres").connect().await.context("connecting to postgres")?;
    let (_, major) = server_version(&mut admin).await?;
    let in_dump = dump_migrations(&dir.join(DUMP), major).await?;
    check_schema(&manifest, &in_dump, &binary_migrations())?;

    let exists: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
        .bind(&database)
        .fetch_one(&mut admin)
        .await?;
    if exists {
        let mut conn = options.connect().await.with_context(|| format!("connecting to the database {database}"))?;
        let found = database_contents(&mut conn).await?;
        conn.close().await.ok();
        ensure!(
            found.is_empty(),
            "the database {database} is not empty ({}): restore needs an empty database; create a new one (or drop this one) and run the restore again",
            found.join(", ")
        );
    }
    ensure_store_empty(store).await?;

    let files: Vec<&Entry> = manifest.entries.iter().filter(|e| e.path != DUMP).collect();
    let target = FileTarget::prepare(store)?;
    let loaded = async {
        load_files(dir, &files, target.store()).await?;
        if !exists {
            let quoted = database.replace('"', "\"\"");
            sqlx::query(sqlx::AssertSqlSafe(format!("create database \"{quoted}\""))).execute(&mut admin).await?;
        }
        let output = tokio::process::Command::new(pg_tool("pg_restore", major))
            .args(["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", "--no-password"])
            .arg(format!("--dbname={database}"))
            .arg(dir.join(DUMP))
            .envs(libpq_env(database_url)?)
            .output()
            .await
            .context("running pg_restore (Debian: apt-get install postgresql-client)")?;
        ensure!(output.status.success(), "pg_restore failed, the database is left as it was: {}", last_lines(&output.stderr));
        anyhow::Ok(())
    }
    .await;
    match loaded {
        Ok(()) => target.commit()?,
        Err(error) => {
            target.abandon(&files).await;
            return Err(error);
        }
    }
    Ok(RestoreReport {
        schema_version: manifest.schema_version,
        created_at: manifest.created_at,
        files: files.len(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Where a restore writes the files before the database is loaded.
enum FileTarget {
    /// A new directory beside the store's, renamed into its place once the database is in.
    Staged { staging: PathBuf, root: PathBuf, store: FileStore },
    /// The (empty) bucket itself; its keys are deleted again when the restore fails.
    Direct(FileStore),
}

impl FileTarget {
    fn prepare(store: &FileStore) -> anyhow::Result<FileTarget> {
        let Some(root) = store.local_root() else {
            return Ok(FileTarget::Direct(store.clone()));
        };
        let name = root.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "files".into());
        let staging = root.with_file_name(format!(".{name}.restoring-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&staging).with_context(|| format!("creating {}", staging.display()))?;
        Ok(FileTarget::Staged { store: FileStore::local(&staging), staging, root: root.to_path_buf() })
    }

    fn store(&self) -> &FileStore {
        match self {
            FileTarget::Staged { store, .. } | FileTarget::Direct(store) => store,
        }
    }

    fn commit(self) -> anyhow::Result<()> {
        if let FileTarget::Staged { staging, root, .. } = self {
            // the store's directory holds no file (checked before): only empty folders may be left
            if root.exists() {
                std::fs::remove_dir_all(&root).with_context(|| format!("removing the empty {}", root.display()))?;
            }
            std::fs::rename(&staging, &root)
                .with_context(|| format!("the database is restored, but moving the files from {} to {} failed", staging.display(), root.display()))?;
        }
        Ok(())
    }

    async fn abandon(self, files: &[&Entry]) {
        match self {
            FileTarget::Staged { staging, .. } => {
                if let Err(err) = std::fs::remove_dir_all(&staging) {
                    tracing::warn!(error = %err, dir = %staging.display(), "could not remove the restore's staging directory");
                }
            }
            FileTarget::Direct(store) => {
                let keys: Vec<String> = files.iter().filter_map(|e| e.path.strip_prefix(&format!("{FILES_DIR}/")).map(str::to_string)).collect();
                store.remove_all(&keys).await;
            }
        }
    }
}

/// Copies the listed files into the store, checking each one's checksum again as it is read.
async fn load_files(dir: &Path, files: &[&Entry], store: &FileStore) -> anyhow::Result<()> {
    futures::stream::iter(files.iter().copied())
        .map(|entry| async move {
            let bytes = tokio::fs::read(dir.join(&entry.path)).await.with_context(|| format!("reading {}", entry.path))?;
            ensure!(hex::encode(Sha256::digest(&bytes)) == entry.sha256, "{} changed while restoring", entry.path);
            let key = entry.path.strip_prefix(&format!("{FILES_DIR}/")).unwrap_or(&entry.path);
            store.put_at(key, bytes).await.with_context(|| format!("writing the file {key}"))?;
            anyhow::Ok(())
        })
        .buffer_unordered(COPY_CONCURRENCY)
        .try_collect::<Vec<()>>()
        .await?;
    Ok(())
}

/// Refuses a store that holds any file. A local directory is walked itself (a file the object
/// store would not list, such as a staging leftover, still counts).
async fn ensure_store_empty(store: &FileStore) -> anyhow::Result<()> {
    let found = match store.local_root() {
        Some(root) => files_under(root)?.into_iter().take(3).map(|p| p.display().to_string()).collect::<Vec<_>>(),
        None => store.keys(3).await.map_err(|e| anyhow::anyhow!("listing {}: {e}", store.location()))?,
    };
    ensure!(
        found.is_empty(),
        "the file store {} is not empty (it holds {}): restore needs an empty store; move the files away and run the restore again",
        store.location(),
        found.join(", ")
    );
    Ok(())
}

/// What a database holds beyond a fresh one: tables, sequences and views, and schemas other than
/// `public` (a few names, for the message).
async fn database_contents(conn: &mut PgConnection) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "(select format('%s table(s), e.g. %s', count(*), min(n.nspname || '.' || c.relname))
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
          having count(*) > 0)
         union all
         (select format('schema %s', nspname) from pg_namespace
          where nspname not in ('public', 'pg_catalog', 'information_schema') and nspname not like 'pg\\_%'
          order by nspname limit 3)",
    )
    .fetch_all(conn)
    .await?)
}

/// The migrations recorded in the dump's own `_sqlx_migrations` table, read with
/// `pg_restore --data-only` (no database needed).
async fn dump_migrations(dump: &Path, major: u32) -> anyhow::Result<Vec<AppliedMigration>> {
    let output = tokio::process::Command::new(pg_tool("pg_restore", major))
        .args(["--data-only", "--table=_sqlx_migrations", "--file=-"])
        .arg(dump)
        .output()
        .await
        .context("running pg_restore (Debian: apt-get install postgresql-client)")?;
    ensure!(output.status.success(), "{DUMP} cannot be read: {}", last_lines(&output.stderr));
    parse_migrations_copy(&String::from_utf8_lossy(&output.stdout))
}

/// The rows of every `COPY <schema>._sqlx_migrations (…) FROM stdin;` in a plain-SQL script (ours
/// are in `public`, the job queue's in `apalis`).
fn parse_migrations_copy(script: &str) -> anyhow::Result<Vec<AppliedMigration>> {
    let mut lines = script.lines();
    let mut migrations = Vec::new();
    let mut tables = 0;
    while let Some(header) = lines.by_ref().find(|line| line.starts_with("COPY ") && line.contains("._sqlx_migrations (")) {
        tables += 1;
        let columns: Vec<&str> = header
            .split_once('(')
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(list, _)| list.split(',').map(str::trim).collect())
            .unwrap_or_default();
        let at = |name: &str| columns.iter().position(|c| *c == name).with_context(|| format!("the migrations table has no {name} column"));
        let (version_at, success_at, checksum_at) = (at("version")?, at("success")?, at("checksum")?);
        for line in lines.by_ref().take_while(|line| *line != "\\.") {
            let fields: Vec<&str> = line.split('\t').collect();
            let field = |i: usize| fields.get(i).copied().with_context(|| format!("a short row in the migrations table: {line}"));
            if field(success_at)? != "t" {
                continue;
            }
            let version: i64 = field(version_at)?.parse().with_context(|| format!("a migration version: {line}"))?;
            // bytea in COPY's text format: `\\x` then hex (the backslash itself escaped)
            let checksum = field(checksum_at)?.trim_start_matches("\\\\x").to_string();
            migrations.push(AppliedMigration { version, checksum });
        }
    }
    ensure!(tables > 0, "{DUMP} holds no migrations table: not a vakants database");
    migrations.sort();
    Ok(migrations)
}

/// The applied migrations of every `_sqlx_migrations` table (ours in `public`, the job queue's in
/// `apalis`), oldest first.
async fn applied_migrations(conn: &mut PgConnection) -> anyhow::Result<Vec<AppliedMigration>> {
    let tables: Vec<String> = sqlx::query_scalar(
        "select format('%I.%I', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relname = '_sqlx_migrations' and c.relkind = 'r' order by 1",
    )
    .fetch_all(&mut *conn)
    .await?;
    ensure!(!tables.is_empty(), "the database has no migrations table: run `vakants migrate` first, or is this another database?");
    let union = tables.iter().map(|t| format!("select version, checksum from {t} where success")).collect::<Vec<_>>().join(" union all ");
    let rows: Vec<(i64, Vec<u8>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{union} order by 1"))).fetch_all(conn).await?;
    Ok(rows.into_iter().map(|(version, checksum)| AppliedMigration { version, checksum: hex::encode(checksum) }).collect())
}

/// The server's version text and major version.
async fn server_version(conn: &mut PgConnection) -> anyhow::Result<(String, u32)> {
    let (text, number): (String, String) =
        sqlx::query_as("select current_setting('server_version'), current_setting('server_version_num')").fetch_one(conn).await?;
    let major = number.parse::<u32>().context("server_version_num")? / 10000;
    Ok((text, major))
}

/// A Postgres program of the server's major version: Debian keeps each installed version's under
/// `/usr/lib/postgresql/N/bin` (the one on the PATH is a wrapper that may pick another); otherwise
/// the one on the PATH.
fn pg_tool(name: &str, major: u32) -> PathBuf {
    let debian = PathBuf::from(format!("/usr/lib/postgresql/{major}/bin/{name}"));
    if debian.is_file() { debian } else { PathBuf::from(name) }
}

/// `DATABASE_URL` as libpq's environment variables, so the password never shows in the process
/// list as a command-line argument would.
pub fn libpq_env(database_url: &str) -> anyhow::Result<Vec<(&'static str, String)>> {
    let url = url::Url::parse(database_url).context("DATABASE_URL is not a URL")?;
    ensure!(matches!(url.scheme(), "postgres" | "postgresql"), "DATABASE_URL is not a postgres:// URL");
    let mut env = Vec::new();
    if let Some(host) = url.host_str().filter(|h| !h.is_empty()) {
        env.push(("PGHOST", percent_decode(host.trim_start_matches('[').trim_end_matches(']'))));
    }
    if let Some(port) = url.port() {
        env.push(("PGPORT", port.to_string()));
    }
    if !url.username().is_empty() {
        env.push(("PGUSER", percent_decode(url.username())));
    }
    if let Some(password) = url.password() {
        env.push(("PGPASSWORD", percent_decode(password)));
    }
    let database = percent_decode(url.path().trim_start_matches('/'));
    if !database.is_empty() {
        env.push(("PGDATABASE", database));
    }
    for (key, value) in url.query_pairs() {
        let name = match key.as_ref() {
            "host" => "PGHOST",
            "port" => "PGPORT",
            "user" => "PGUSER",
            "password" => "PGPASSWORD",
            "dbname" => "PGDATABASE",
            "sslmode" => "PGSSLMODE",
            "sslrootcert" => "PGSSLROOTCERT",
            "sslcert" => "PGSSLCERT",
            "sslkey" => "PGSSLKEY",
            "application_name" => "PGAPPNAME",
            "options" => "PGOPTIONS",
            "connect_timeout" => "PGCONNECT_TIMEOUT",
            "target_session_attrs" => "PGTARGETSESSIONATTRS",
            // sqlx's own settings, which libpq does not have
            "statement-cache-capacity" | "extra_float_digits" => continue,
            other => bail!("DATABASE_URL has the parameter {other:?}, which pg_dump and pg_restore would not understand"),
        };
        env.retain(|(n, _)| *n != name);
        env.push((name, value.into_owned()));
    }
    Ok(env)
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Creates `dir`, or accepts it when it exists and is empty.
fn prepare_directory(dir: &Path) -> anyhow::Result<()> {
    if dir.exists() {
        let mut entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
        ensure!(entries.next().is_none(), "{} is not empty: a backup goes into a new or empty directory", dir.display());
    }
    std::fs::create_dir_all(dir.join(FILES_DIR)).with_context(|| format!("creating {}", dir.display()))?;
    Ok(())
}

/// A relative path of a manifest entry, refused when it could lead out of the backup directory.
fn safe_relative(path: &str) -> anyhow::Result<PathBuf> {
    let relative = PathBuf::from(path);
    let plain = relative.components().all(|c| matches!(c, std::path::Component::Normal(_)));
    ensure!(plain && !path.is_empty() && !path.contains('\\'), "{MANIFEST} lists the path {path:?}, which is not a plain relative path");
    Ok(relative)
}

/// Every regular file under `root` (none when it does not exist).
fn files_under(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = match std::fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err).with_context(|| format!("reading {}", folder.display())),
        };
        for entry in entries {
            let entry = entry?;
            if entry.file_type()?.is_dir() {
                folders.push(entry.path());
            } else {
                found.push(entry.path());
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Streams one stored file into `files_dir/KEY`, hashing it on the way.
async fn copy_out(store: &FileStore, key: &str, files_dir: &Path) -> anyhow::Result<Entry> {
    let mut opened = store.open(key).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let target = files_dir.join(key);
    if let Some(parent) = target.parent() {
        tokio::fs::create_dir_all(parent).await?;
    }
    let mut file = tokio::fs::File::create(&target).await.with_context(|| format!("creating {}", target.display()))?;
    let mut hasher = Sha256::new();
    let mut size = 0u64;
    while let Some(chunk) = opened.stream.try_next().await? {
        hasher.update(&chunk);
        size += chunk.len() as u64;
        file.write_all(&chunk).await?;
    }
    file.sync_all().await?;
    Ok(Entry { path: format!("{FILES_DIR}/{key}"), size, sha256: hex::encode(hasher.finalize()) })
}

async fn hash_file(dir: &Path, relative: &str) -> anyhow::Result<Entry> {
    use tokio::io::AsyncReadExt;
    let mut file = tokio::fs::File::open(dir.join(relative)).await?;
    let mut hasher = Sha256::new();
    let mut size = 0u64;
    let mut buffer = vec![0u8; 256 * 1024];
    loop {
        let read = file.read(&mut buffer).await?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
        size += read as u64;
    }
    Ok(Entry { path: relative.to_string(), size, sha256: hex::encode(hasher.finalize()) })
}

async fn write_synced(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut file = tokio::fs::File::create(path).await?;
    file.write_all(bytes).await?;
    file.sync_all().await?;
    Ok(())
}

/// Makes the directory's entries (the manifest's rename) durable; best effort.
async fn sync_directory(dir: &Path) {
    if let Ok(handle) = tokio::fs::File::open(dir).await {
        let _ = handle.sync_all().await;
    }
}

/// The end of a tool's error output, for a message.
fn last_lines(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(6)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(migrations: Vec<AppliedMigration>) -> Manifest {
        Manifest {
            format: FORMAT.into(),
            created_at: chrono::Utc::now(),
            app_version: "0.1.0".into(),
            schema_version: migrations.iter().map(|m| m.version).max().unwrap_or(0),
            migrations,
            postgres_version: "15".into(),
            file_store: "files".into(),
            entries: vec![],
        }
    }

    fn migration(version: i64, checksum: &str) -> AppliedMigration {
        AppliedMigration { version, checksum: checksum.into() }
    }

    #[test]
    fn the_schema_check_accepts_the_same_migrations_and_names_the_difference_otherwise() {
        let binary = vec![migration(1, "aa"), migration(2, "bb")];
        assert!(check_schema(&manifest(binary.clone()), &binary, &binary).is_ok());

        let newer = vec![migration(1, "aa"), migration(2, "bb"), migration(3, "cc")];
        let error = check_schema(&manifest(newer.clone()), &newer, &binary).unwrap_err().to_string();
        assert!(error.contains("schema version mismatch") && error.contains("migration 3"), "{error}");

        let older = vec![migration(1, "aa")];
        let error = check_schema(&manifest(older.clone()), &older, &binary).unwrap_err().to_string();
        assert!(error.contains("schema version 1") && error.contains("migration 2 is not in the backup"), "{error}");

        let changed = vec![migration(1, "aa"), migration(2, "xx")];
        let error = check_schema(&manifest(changed.clone()), &changed, &binary).unwrap_err().to_string();
        assert!(error.contains("migration 2 differs"), "{error}");

        let error = check_schema(&manifest(binary.clone()), &older, &binary).unwrap_err().to_string();
        assert!(error.contains("not the ones manifest.json lists"), "{error}");
    }

    #[test]
    fn the_migrations_table_is_read_from_a_plain_dump() {
        let script = "SET x = 1;\n\nCOPY public._sqlx_migrations (version, description, installed_on, success, checksum, execution_time) FROM stdin;\n\
            20261121000001\treference schema\t2026-11-29 06:00:00+00\tt\t\\\\xabcd\t1234\n\
            20261121000002\tfailed one\t2026-11-29 06:00:00+00\tf\t\\\\xef01\t1\n\\.\n\nCOPY other (a) FROM stdin;\n1\n\\.\n\
            COPY apalis._sqlx_migrations (version, description, installed_on, success, checksum, execution_time) FROM stdin;\n\
            20220530084123\tjobs workers\t2026-11-29 06:00:00+00\tt\t\\\\x0102\t9\n\\.\n";
        assert_eq!(parse_migrations_copy(script).unwrap(), vec![migration(20220530084123, "0102"), migration(20261121000001, "abcd")]);
        assert!(parse_migrations_copy("SET x = 1;\n").unwrap_err().to_string().contains("no migrations table"));
    }

    #[test]
    fn the_database_url_becomes_libpq_variables_with_the_password_decoded() {
        let env = libpq_env("postgres://vakants:p%40ss%2Fword@db.internal:6432/vakants_prod?sslmode=require").unwrap();
        let get = |name: &str| env.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str());
        assert_eq!(get("PGHOST"), Some("db.internal"));
        assert_eq!(get("PGPORT"), Some("6432"));
        assert_eq!(get("PGUSER"), Some("vakants"));
        assert_eq!(get("PGPASSWORD"), Some("p@ss/word"));
        assert_eq!(get("PGDATABASE"), Some("vakants_prod"));
        assert_eq!(get("PGSSLMODE"), Some("require"));
        let socket = libpq_env("postgres:///vakants?host=/var/run/postgresql").unwrap();
        assert!(socket.contains(&("PGHOST", "/var/run/postgresql".into())));
        assert!(libpq_env("mysql://x@y/z").is_err());
    }

    #[test]
    fn manifest_paths_cannot_leave_the_backup_directory() {
        assert!(safe_relative("files/ab/abcdef").is_ok());
        for path in ["../etc/passwd", "/etc/passwd", "files/../../x", "", "files\\x"] {
            assert!(safe_relative(path).is_err(), "{path}");
        }
    }

    #[tokio::test]
    async fn files_of_a_store_without_a_directory_go_straight_in_and_leave_again_on_failure() {
        let store = FileStore::in_memory();
        ensure_store_empty(&store).await.unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("files/ab")).unwrap();
        std::fs::write(dir.path().join("files/ab/abcdef"), b"hello").unwrap();
        let entry = Entry { path: "files/ab/abcdef".into(), size: 5, sha256: hex::encode(Sha256::digest(b"hello")) };
        let target = FileTarget::prepare(&store).unwrap();
        load_files(dir.path(), &[&entry], target.store()).await.unwrap();
        assert_eq!(store.get("ab/abcdef").await.unwrap(), b"hello");
        let error = ensure_store_empty(&store).await.unwrap_err().to_string();
        assert!(error.contains("is not empty") && error.contains("ab/abcdef"), "{error}");
        target.abandon(&[&entry]).await;
        assert!(store.keys(10).await.unwrap().is_empty(), "a failed restore takes its files out of the bucket again");
    }
}
