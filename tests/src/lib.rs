//! End-to-end test support: fresh databases, servers on free ports, REST and WebSocket clients, headless
//! browsers.

pub mod browser;
pub mod client;
pub mod cluster;
pub mod corpus;
pub mod db;
pub mod server;
pub mod stored;
pub mod webhook;

/// Runs each named scenario once against a fresh SQLite database and once against a fresh PostgreSQL database,
/// as the tests `sqlite::<name>` and `postgres::<name>` (two worker threads, so concurrent scenarios really
/// race). A scenario is an `async fn` taking what the list's prefix names:
///
/// - `on_both_stores!(a, b)`: the database URL (`&str`), for scenarios that start a server;
/// - `on_both_stores!(database: a, b)`: the `&TestDb`, for scenarios that need the server and the database;
/// - `on_both_stores!(store: a, b)`: the store (`Arc<dyn Store>`), for store suites.
#[macro_export]
macro_rules! on_both_stores {
    (database: $($scenario:ident),* $(,)?) => { $crate::on_both_stores!(@modules database $($scenario),*); };
    (store: $($scenario:ident),* $(,)?) => { $crate::on_both_stores!(@modules store $($scenario),*); };
    (@argument url $database:ident) => { $database.url() };
    (@argument database $database:ident) => { &$database };
    (@argument store $database:ident) => { $database.store() };
    (@modules $argument:ident $($scenario:ident),*) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let database = $crate::db::TestDb::new($crate::db::Backend::Sqlite).await;
                    super::$scenario($crate::on_both_stores!(@argument $argument database)).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let database = $crate::db::TestDb::new($crate::db::Backend::Postgres).await;
                    super::$scenario($crate::on_both_stores!(@argument $argument database)).await;
                }
            )*
        }
    };
    ($($scenario:ident),* $(,)?) => { $crate::on_both_stores!(@modules url $($scenario),*); };
}
