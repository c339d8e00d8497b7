//! The real `kartka` command, built inside the test crate so that tests can run and kill it as a process.

fn main() -> anyhow::Result<()> {
    kartka_server::cli::main()
}
