//! Admin work on the archive and on accounts, shared by the admin REST API (`api::admin`) and the command line
//! (`kartka admin …`): the role, the bot mark, the audit log, the archive's views of games, and importing record files.

pub mod audit;
pub mod bot;
pub mod import;
pub mod role;
pub mod views;
