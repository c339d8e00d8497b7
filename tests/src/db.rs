//! A fresh, empty database for each test, on either backend.
//!
//! PostgreSQL tests need a server: the one `KARTKA_TEST_POSTGRES_URL` names, by default
//! [`DEFAULT_POSTGRES_URL`]. Each test gets its own database there, created for it and dropped afterwards. A
//! server that cannot be reached fails the test: a PostgreSQL test never quietly runs on something else.

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use kartka_server::store::{self, Store};
use sqlx::migrate::Migrator;
use sqlx::postgres::PgConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, PgConnection, SqliteConnection};
use tempfile::TempDir;
use uuid::Uuid;

/// The environment variable naming the PostgreSQL server tests create their databases on.
pub const POSTGRES_URL_VAR: &str = "KARTKA_TEST_POSTGRES_URL";

/// The PostgreSQL server used when [`POSTGRES_URL_VAR`] is not set.
pub const DEFAULT_POSTGRES_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// A database backend kartka supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A fresh database on the test PostgreSQL server.
    Postgres,
    /// A fresh SQLite file in a temporary directory.
    Sqlite,
}

/// A freshly migrated, empty store that cleans up after itself when dropped.
pub struct TestDb {
    store: Arc<dyn Store>,
    url: String,
    backend: Backend,
    /// Dropped after the store (fields drop in order), so the database outlives its connections.
    cleanup: Cleanup,
}

/// What removes a test database when dropped.
enum Cleanup {
    /// Dropping the directory deletes the database file in it.
    RemoveDir { _dir: TempDir },
    /// The database to drop, on this server.
    DropDatabase { server_url: String, name: String },
}

impl TestDb {
    /// A new, empty database on `backend`, opened through [`store::open`] as the server opens it.
    ///
    /// # Panics
    /// When the database cannot be created or opened, e.g. the PostgreSQL server cannot be reached.
    pub async fn new(backend: Backend) -> Self {
        match backend {
            Backend::Postgres => Self::postgres().await,
            Backend::Sqlite => Self::sqlite().await,
        }
    }

    /// The store.
    pub fn store(&self) -> Arc<dyn Store> {
        Arc::clone(&self.store)
    }

    /// The URL the store was opened from, to open it again (as a restarted server would).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Opens or refuses new sessions on this PostgreSQL database; those already open go on. Set from a session
    /// on the server's own database, since PostgreSQL does not let a database's session refuse its own.
    ///
    /// # Panics
    /// On SQLite, or when the server refuses the change.
    pub async fn allow_connections(&self, allowed: bool) {
        let Cleanup::DropDatabase { server_url, name } = &self.cleanup else {
            panic!("only a PostgreSQL database refuses sessions")
        };
        let mut server = PgConnection::connect(server_url).await.expect("connect to the server's own database");
        sqlx::query(&format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS {allowed}"))
            .execute(&mut server)
            .await
            .expect("allow or refuse new sessions");
    }

    async fn sqlite() -> Self {
        let (url, cleanup) = new_sqlite_file();
        Self::open(url, Backend::Sqlite, cleanup).await
    }

    async fn postgres() -> Self {
        let (url, cleanup) = new_postgres_database().await;
        Self::open(url, Backend::Postgres, cleanup).await
    }

    /// Opens the database at `url` through [`store::open`], which brings its schema up to date.
    async fn open(url: String, backend: Backend, cleanup: Cleanup) -> Self {
        let store = store::open(&url, Uuid::new_v4())
            .await
            .unwrap_or_else(|error| panic!("open the {backend:?} database at {url}: {error}"));
        Self { store, url, backend, cleanup }
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Makes every write to the ratings table fail inside its transaction, as a fault between a game's result
    /// and its ratings would (a trigger that raises an error).
    pub async fn fail_rating_writes(&self) {
        match self.backend {
            Backend::Postgres => {
                self.execute(
                    "CREATE FUNCTION kartka_test_fault() RETURNS trigger LANGUAGE plpgsql AS \
                     $$ BEGIN RAISE EXCEPTION 'injected fault: rating write'; END $$",
                )
                .await;
                self.execute(
                    "CREATE TRIGGER kartka_test_fault BEFORE INSERT OR UPDATE ON ratings \
                     FOR EACH ROW EXECUTE FUNCTION kartka_test_fault()",
                )
                .await;
            }
            Backend::Sqlite => {
                for event in ["INSERT", "UPDATE"] {
                    self.execute(&format!(
                        "CREATE TRIGGER kartka_test_fault_{event} BEFORE {event} ON ratings \
                         BEGIN SELECT RAISE(ABORT, 'injected fault: rating write'); END"
                    ))
                    .await;
                }
            }
        }
    }

    /// Undoes [`TestDb::fail_rating_writes`].
    pub async fn allow_rating_writes(&self) {
        match self.backend {
            Backend::Postgres => {
                self.execute("DROP TRIGGER kartka_test_fault ON ratings").await;
                self.execute("DROP FUNCTION kartka_test_fault()").await;
            }
            Backend::Sqlite => {
                for event in ["INSERT", "UPDATE"] {
                    self.execute(&format!("DROP TRIGGER kartka_test_fault_{event}")).await;
                }
            }
        }
    }

    /// Gives an account a rating directly: a fixture for pairing and leaderboards, which would otherwise take
    /// many played games to set up.
    pub async fn set_rating(&self, rating: &store::RatingRow) {
        let sql = "INSERT INTO ratings (account_id, kind, speed, rating, deviation, volatility, games, updated_at) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
        macro_rules! insert {
            ($connection:ident, $account:expr) => {{
                let mut connection = $connection::connect(&self.url).await.expect("connect to the test database");
                sqlx::query(sql)
                    .bind($account)
                    .bind(&rating.kind)
                    .bind(&rating.speed)
                    .bind(rating.rating)
                    .bind(rating.deviation)
                    .bind(rating.volatility)
                    .bind(rating.games)
                    .bind(rating.updated_at)
                    .execute(&mut connection)
                    .await
                    .expect("insert a rating");
            }};
        }
        match self.backend {
            Backend::Postgres => insert!(PgConnection, rating.account_id),
            Backend::Sqlite => insert!(SqliteConnection, rating.account_id.hyphenated().to_string()),
        }
    }

    /// Makes a guest account a registered one, as if it had registered: a fixture for rated play (guests play
    /// casual games only), which would otherwise hash a password per player.
    pub async fn make_registered(&self, account: uuid::Uuid) {
        let id = match self.backend {
            Backend::Postgres => format!("'{account}'::uuid"),
            Backend::Sqlite => format!("'{}'", account.hyphenated()),
        };
        self.execute(&format!("UPDATE accounts SET kind = 'registered' WHERE id = {id}")).await;
    }

    /// Runs one SQL statement on a connection of its own.
    async fn execute(&self, sql: &str) {
        execute(self.backend, &self.url, sql).await;
    }
}

/// A database whose schema stops just before one migration, with no store open on it: a migration that copies
/// data is tested by writing rows in the shape before it and then opening the store ([`OlderDb::open`]), which
/// runs the rest of the migrations as a server's start does.
pub struct OlderDb {
    url: String,
    backend: Backend,
    cleanup: Cleanup,
}

impl OlderDb {
    /// A new database on `backend` with every migration numbered below `first_missing` applied, and no other.
    ///
    /// # Panics
    /// When the database cannot be created, or a migration fails.
    pub async fn new(backend: Backend, first_missing: i64) -> Self {
        let (url, cleanup, directory) = match backend {
            Backend::Postgres => {
                let (url, cleanup) = new_postgres_database().await;
                (url, cleanup, "postgres")
            }
            Backend::Sqlite => {
                let (url, cleanup) = new_sqlite_file();
                (url, cleanup, "sqlite")
            }
        };
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(directory);
        let mut migrator = Migrator::new(path.as_path())
            .await
            .unwrap_or_else(|error| panic!("read the migrations in {}: {error}", path.display()));
        let older: Vec<_> =
            migrator.migrations.iter().filter(|migration| migration.version < first_missing).cloned().collect();
        assert!(older.len() < migrator.migrations.len(), "no migration {first_missing} or later in {}", path.display());
        migrator.migrations = older.into();
        match backend {
            Backend::Postgres => {
                let mut connection = PgConnection::connect(&url).await.expect("connect to the test database");
                migrator.run(&mut connection).await.expect("run the older migrations");
            }
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(&url).expect("a SQLite URL").create_if_missing(true);
                let mut connection = options.connect().await.expect("create the test database");
                migrator.run(&mut connection).await.expect("run the older migrations");
            }
        }
        Self { url, backend, cleanup }
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Runs SQL (one statement or several) on a connection of its own.
    ///
    /// # Panics
    /// When the SQL fails.
    pub async fn execute(&self, sql: &str) {
        execute(self.backend, &self.url, sql).await;
    }

    /// Opens the store on this database, as a server's start does: the remaining migrations run.
    ///
    /// # Panics
    /// When the store cannot be opened, e.g. a migration fails.
    pub async fn open(self) -> TestDb {
        TestDb::open(self.url, self.backend, self.cleanup).await
    }
}

/// A new SQLite file in a temporary directory of its own (not created yet), and what removes it.
fn new_sqlite_file() -> (String, Cleanup) {
    let dir = tempfile::tempdir().expect("create a temporary directory for the SQLite database");
    let url = format!("sqlite://{}", dir.path().join("kartka.db").display());
    (url, Cleanup::RemoveDir { _dir: dir })
}

/// A new, empty database on the test PostgreSQL server, and what drops it.
async fn new_postgres_database() -> (String, Cleanup) {
    let server_url = std::env::var(POSTGRES_URL_VAR).unwrap_or_else(|_| DEFAULT_POSTGRES_URL.to_owned());
    let server = PgConnectOptions::from_str(&server_url)
        .unwrap_or_else(|error| panic!("{POSTGRES_URL_VAR}={server_url} is not a PostgreSQL URL: {error}"));
    let mut admin = PgConnection::connect_with(&server).await.unwrap_or_else(|error| {
        panic!(
            "PostgreSQL tests need a server, and none answers at {server_url} ({error}). \
             Start one, or point {POSTGRES_URL_VAR} at one."
        )
    });
    let name = format!("kartka_test_{}", Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|error| panic!("create database {name} on {server_url}: {error}"));
    // Best effort: the database is created, and the connection closes when dropped anyway.
    let _ = admin.close().await;
    let url = server.database(&name).to_url_lossy().to_string();
    (url, Cleanup::DropDatabase { server_url, name })
}

/// Runs SQL on a connection of its own to the database at `url`.
async fn execute(backend: Backend, url: &str, sql: &str) {
    match backend {
        Backend::Postgres => {
            let mut connection = PgConnection::connect(url).await.expect("connect to the test database");
            sqlx::raw_sql(sql).execute(&mut connection).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
        Backend::Sqlite => {
            let mut connection = SqliteConnection::connect(url).await.expect("connect to the test database");
            sqlx::raw_sql(sql).execute(&mut connection).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        }
    }
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        let Cleanup::DropDatabase { server_url, name } = self else { return };
        let (server_url, name) = (server_url.clone(), name.clone());
        // Drop cannot await, and may run inside the test's runtime, where blocking on another future panics:
        // drop the database from a thread of its own. FORCE ends the store's pooled connections still open.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&server_url).await?;
                sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut admin).await?;
                admin.close().await
            })?;
            Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
        })
        .join();
        if let Ok(Err(error)) = dropped {
            eprintln!("could not drop a test database: {error}");
        }
    }
}
