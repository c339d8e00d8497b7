//! Work over a range of indices shared out between threads, the results in the order of their index whatever
//! the threads: self-play and labelling give the same files on any number of threads.

use std::ops::Range;

/// `work(index)` for every index of `indices`, on `threads` threads (each taking every `threads`-th index),
/// the results that are `Some` in the order of their index. The first error ends the run.
pub fn in_order<T: Send>(
    indices: Range<usize>,
    threads: usize,
    work: impl Fn(usize) -> anyhow::Result<Option<T>> + Sync,
) -> anyhow::Result<Vec<T>> {
    let threads = threads.clamp(1, indices.len().max(1));
    let mut results: Vec<Option<T>> = std::iter::repeat_with(|| None).take(indices.len()).collect();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let (indices, work) = (indices.clone(), &work);
                scope.spawn(move || -> anyhow::Result<Vec<(usize, T)>> {
                    let mut done = Vec::new();
                    for index in (indices.start + thread..indices.end).step_by(threads) {
                        if let Some(result) = work(index)? {
                            done.push((index, result));
                        }
                    }
                    Ok(done)
                })
            })
            .collect();
        for worker in workers {
            let done = worker.join().map_err(|_| anyhow::anyhow!("a worker thread panicked"))??;
            for (index, result) in done {
                results[index - indices.start] = Some(result);
            }
        }
        Ok(())
    })?;
    Ok(results.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_index_order_whatever_the_threads_and_an_error_ends_the_run() {
        let square_of_odd = |index: usize| Ok((index % 2 == 1).then_some(index * index));
        for threads in [1, 2, 3, 8] {
            assert_eq!(in_order(4..10, threads, square_of_odd).expect("no error"), vec![25, 49, 81]);
        }
        let failing = in_order(0..6, 2, |index| if index == 3 { anyhow::bail!("three") } else { Ok(Some(index)) });
        assert_eq!(failing.expect_err("an error").to_string(), "three");
        assert!(in_order(0..0, 2, square_of_odd).expect("nothing to do").is_empty());
    }
}
