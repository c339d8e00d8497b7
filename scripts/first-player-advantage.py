#!/usr/bin/env python3
"""Does the first player have an advantage in kurnik Paper Soccer? See docs/first-player-advantage.md.

Reads every gzip record file of the kurnik corpus in place (never copy it) and counts the `Result` tags, which
kurnik writes Black-White: `0-1` means White, the first player, won; `1-0` that Black, the second, won.

    scripts/first-player-advantage.py ../shared/corpus/kurnik
"""
import collections
import glob
import gzip
import math
import re
import sys

MOVE_NUMBER = re.compile(r"^\d+\.$")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def games(directory):
    """Yields (tags, turn count) for every game of every .gz file in the directory."""
    for path in sorted(glob.glob(directory + "/*.gz")):
        text = gzip.open(path, "rt", encoding="utf-8", errors="replace").read().replace("\r\n", "\n")
        for block in re.split(r"\n\s*\n(?=\[)", text):
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
            if "Result" not in tags:
                continue
            movetext = " ".join(line for line in block.splitlines() if not line.startswith("["))
            turns = [t for t in movetext.split() if not MOVE_NUMBER.match(t) and t not in RESULTS]
            yield tags, len(turns)


def report(label, counts):
    first, second = counts["0-1"], counts["1-0"]
    decided = first + second
    share = first / decided
    margin = 1.96 * math.sqrt(share * (1 - share) / decided)
    z = (first - decided / 2) / math.sqrt(decided / 4)
    elo = 400 * math.log10(share / (1 - share))
    other = {k: v for k, v in counts.items() if k not in ("0-1", "1-0")}
    print(f"{label}: games {sum(counts.values())}, first won {first}, second won {second}, other {other}, "
          f"first's share {share:.4f} (95% CI {share - margin:.4f}-{share + margin:.4f}), z = {z:.2f}, "
          f"about {elo:.1f} rating points")


def main():
    overall = collections.Counter()
    by_time_control = collections.defaultdict(collections.Counter)
    lengths = []
    for tags, turns in games(sys.argv[1]):
        overall[tags["Result"]] += 1
        by_time_control[tags.get("TimeControl", "?")][tags["Result"]] += 1
        lengths.append(turns)
    report("all", overall)
    for time_control, counts in sorted(by_time_control.items(), key=lambda item: -sum(item[1].values())):
        report(f"TimeControl {time_control}", counts)
    lengths.sort()
    print(f"turns per game (both players): mean {sum(lengths) / len(lengths):.1f}, "
          f"median {lengths[len(lengths) // 2]}, 90th percentile {lengths[int(len(lengths) * 0.9)]}")


if __name__ == "__main__":
    main()
