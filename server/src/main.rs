//! The `kartka` command: the game server and its tools.

/// mimalloc rather than the system allocator: a move allocates and frees many small buffers (frames, rows,
/// futures), and glibc's malloc and free took about a fifth of a move's instructions (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    kartka_server::cli::main()
}
