//! End-to-end test support: fresh databases, servers on free ports, REST and WebSocket clients, headless
//! browsers.

pub mod browser;
pub mod client;
pub mod db;
pub mod server;
pub mod webhook;

/// Runs each named scenario, an `async fn(&str)` taking a database URL, once against a fresh SQLite database and
/// once against a fresh PostgreSQL database, as the tests `sqlite::<name>` and `postgres::<name>`.
#[macro_export]
macro_rules! on_both_stores {
    ($($scenario:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let database = $crate::db::TestDb::new($crate::db::Backend::Sqlite).await;
                    super::$scenario(database.url()).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    let database = $crate::db::TestDb::new($crate::db::Backend::Postgres).await;
                    super::$scenario(database.url()).await;
                }
            )*
        }
    };
}
