#!/usr/bin/env bash
# Generations of self-play for Paper Soccer's network (issue #40 item 1, docs/bot.md "Generations of
# self-play"). Each generation:
#   1. plays --games games of the current network against itself at --nodes listed turns a turn;
#   2. trains the current network further on the last --window generations' games beside a slice of the
#      kurnik corpus (--corpus-games games), which also gives the held-out figures;
#   3. plays the new network against the current one (--pairs pairs of games at --nodes, each opening with both
#      colours) and against the start (the weights the run began from);
#   4. keeps the new network as the current one if it scored at least --gate against it.
# Every file stays in --dir (gen-N/games.txt, gen-N/net.safetensors, gen-N/*.match), one line a generation is
# added to --dir/generations.tsv, and a run stopped midway goes on from the last finished generation. The
# games, weights and matches depend only on the options, never on the threads or the machine.
#
# A run goes on across machines from a checkpoint (train/checkpoints/): --from its weights and
# --first-generation the number after its last, so that generations keep their numbers and seeds; the window
# then holds only the generations played in --dir.
#
#   scripts/soccer-generations.sh --dir /work/gens --generations 8 [--games 2000] [--nodes 4000] [--window 3]
#                                  [--pairs 100] [--gate 0.5] [--corpus-games 3000] [--value-share 0.5]
#                                  [--threads 2] [--from WEIGHTS] [--first-generation 1] [--tree-nodes 0]
# --tree-nodes N adds tree learning: each searched turn of self-play also labels the N most visited nodes of its
# search's tree (soccer-self-play --tree-nodes), trained on the search's chance there when --value-share is
# above 0.
# The corpus is KARTKA_CORPUS_DIR (the kurnik corpus); the trainer is KARTKA_TRAIN, else the release build
# under CARGO_TARGET_DIR (or target/), built when missing.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
dir="" generations=1 games=2000 nodes=4000 window=3 pairs=100 gate=0.5 corpus_games=3000 value_share=0.5
threads=2 from="$here/bot/data/soccer-net.safetensors" first=1 tree_nodes=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir=$2 ;;
    --generations) generations=$2 ;;
    --games) games=$2 ;;
    --nodes) nodes=$2 ;;
    --window) window=$2 ;;
    --pairs) pairs=$2 ;;
    --gate) gate=$2 ;;
    --corpus-games) corpus_games=$2 ;;
    --value-share) value_share=$2 ;;
    --threads) threads=$2 ;;
    --from) from=$2 ;;
    --first-generation) first=$2 ;;
    --tree-nodes) tree_nodes=$2 ;;
    *) echo "soccer-generations: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ -n "$dir" ] || { echo "soccer-generations: --dir is required" >&2; exit 2; }
: "${KARTKA_CORPUS_DIR:?soccer-generations: set KARTKA_CORPUS_DIR to the kurnik corpus}"
[ -d "$KARTKA_CORPUS_DIR" ] || { echo "soccer-generations: no corpus at $KARTKA_CORPUS_DIR" >&2; exit 1; }
[ -f "$from" ] || { echo "soccer-generations: no weights at $from" >&2; exit 1; }
[[ "$first" =~ ^[1-9][0-9]*$ ]] || { echo "soccer-generations: --first-generation must be 1 or more" >&2; exit 2; }

train=${KARTKA_TRAIN:-}
if [ -z "$train" ]; then
  target=${CARGO_TARGET_DIR:-$here/target}
  train=$target/release/kartka-train
  [ -x "$train" ] || (cd "$here" && cargo build --release -p kartka-train)
fi

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
log=$dir/generations.tsv
[ -f "$log" ] || printf 'generation\tgames\tpositions\tvalidation_loss\taccuracy\tscore_vs_current\tscore_vs_start\tkept\tseconds\n' > "$log"
# The run's start and its options, so that the folder says how it was made.
[ -f "$dir/start.safetensors" ] || cp "$from" "$dir/start.safetensors"
echo "games $games nodes $nodes window $window pairs $pairs gate $gate corpus-games $corpus_games value-share $value_share first-generation $first tree-nodes $tree_nodes" > "$dir/options"

current=$dir/start.safetensors
for ((g = first; g <= generations; g++)); do
  gen=$dir/gen-$g
  if [ -f "$gen/done" ]; then
    current=$(cat "$gen/done")
    continue
  fi
  mkdir -p "$gen"
  started=$SECONDS
  "$train" soccer-self-play --out "$gen/games.txt" --games "$games" --nodes "$nodes" --seed $((1000003 * g)) \
    --threads "$threads" --network "$current" --tree-nodes "$tree_nodes" 2> "$gen/self-play.log"
  recent=()
  for ((w = g; w > g - window && w >= first; w--)); do recent+=(--self-play "$dir/gen-$w/games.txt"); done
  "$train" soccer --corpus "$KARTKA_CORPUS_DIR" --out "$gen/net.safetensors" --from "$current" \
    --games "$corpus_games" --sample 0.5 --epochs 2 --learning-rate 5e-4 --value-share "$value_share" --seed "$g" \
    "${recent[@]}" 2> "$gen/train.log"
  "$train" soccer-match --candidate "$gen/net.safetensors" --reference "$current" --pairs "$pairs" --nodes "$nodes" \
    --seed 7 --threads "$threads" > "$gen/vs-current.match"
  if [ "$current" = "$dir/start.safetensors" ]; then
    cp "$gen/vs-current.match" "$gen/vs-start.match"
  else
    "$train" soccer-match --candidate "$gen/net.safetensors" --reference "$dir/start.safetensors" --pairs "$pairs" \
      --nodes "$nodes" --seed 7 --threads "$threads" > "$gen/vs-start.match"
  fi
  vs_current=$(awk '{print $2}' "$gen/vs-current.match")
  vs_start=$(awk '{print $2}' "$gen/vs-start.match")
  positions=$(grep -o 'self-play: [0-9]* games and [0-9]* positions' "$gen/train.log" | awk '{n += $5} END {print n}')
  last_epoch=$(grep '^epoch' "$gen/train.log" | tail -1)
  loss=$(echo "$last_epoch" | sed -n 's/.*validation loss \([0-9.]*\).*/\1/p')
  accuracy=$(echo "$last_epoch" | sed -n 's/.*accuracy \([0-9.]*\) %.*/\1/p')
  kept=no
  if awk -v s="$vs_current" -v gate="$gate" 'BEGIN { exit !(s >= gate) }'; then
    kept=yes
    current=$gen/net.safetensors
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$g" "$games" "$positions" "$loss" "$accuracy" "$vs_current" \
    "$vs_start" "$kept" $((SECONDS - started)) >> "$log"
  echo "$current" > "$gen/done"
  echo "generation $g: vs current $vs_current, vs start $vs_start, kept $kept ($((SECONDS - started)) s)" >&2
done
echo "current network: $current" >&2
