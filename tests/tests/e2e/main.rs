//! The end-to-end suite: real servers on free ports, real WebSocket, REST and browser clients, real SQLite and
//! PostgreSQL. Each module is one area; its tests are named `<module>::…` (run one area with
//! `cargo nextest run -p kartka-tests -E 'test(/^admin::/)'`, or `cargo test -p kartka-tests --test e2e admin::`).
//!
//! One test binary, not one per file: every binary links the whole server, and 51 links cost about three minutes
//! of every build. Tests share no state inside the process (each starts its own server on its own database), and
//! the test command runs each in a process of its own (cargo-nextest).

mod accounts_and_challenges;
mod admin;
mod admin_pages;
mod analysis;
mod authorization;
mod balda;
mod bot_accounts;
mod bot_client;
mod browser;
mod browser_analysis;
mod browser_balda;
mod browser_ban;
mod browser_barriers;
mod browser_bot;
mod browser_closing_in;
mod browser_connection;
mod browser_correspondence;
mod browser_digital_wars;
mod browser_dots;
mod browser_explorer;
mod browser_gallows;
mod browser_hidden;
mod browser_history;
mod browser_line_soccer;
mod browser_new_kinds;
mod browser_page_weight;
mod browser_points_and_segments;
mod browser_racetrack;
mod browser_seats;
mod browser_site;
mod browser_soccer_variants;
mod browser_social;
mod chat;
mod closing_in;
mod cluster;
mod cluster_bus;
mod cluster_lobby;
mod cluster_play;
mod cluster_store;
mod correspondence;
mod correspondence_store;
mod deploy;
mod dots;
mod dots_agreed_end;
mod dots_and_boxes;
mod dots_window_record;
mod every_kind;
mod explorer;
mod first_move;
mod five_in_a_row;
mod gallows_server_words;
mod game_history;
mod hardening;
mod hidden_leaks;
mod import_limits;
mod limits;
mod line_soccer;
mod live;
mod loadgen;
mod lobby_seats;
mod long_games;
mod matchmaking;
mod metrics;
mod migrations;
mod module_graph;
mod offer_seats;
mod open_doors;
mod openapi;
mod per_move_clock;
mod profiles;
mod racetrack;
mod reports;
mod restart;
mod restart_secrets;
mod simultaneous;
mod soccer_variants;
mod store;
mod store_outage;
mod superghost;
mod web;
