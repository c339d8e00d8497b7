//! The `kartka` command: the game server and its tools.

fn main() -> anyhow::Result<()> {
    kartka_server::cli::main()
}
