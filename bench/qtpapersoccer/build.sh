#!/usr/bin/env bash
# Builds the QtPaperSoccer driver: bench/qtpapersoccer/build.sh QTPS_SRC OUT_DIR
#   QTPS_SRC  the `src` folder of a checkout of github.com/jdermont/QtPaperSoccer (see README.md)
#   OUT_DIR   where the binary `qtps-driver` and the network file `96_32_net` are put
set -euo pipefail
src=${1:?the src folder of a QtPaperSoccer checkout}
out=${2:?an output folder}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
g++ -std=c++17 -O2 -march=native -pthread -I "$src" -o "$out/qtps-driver" "$here/driver.cpp"
cp "$src/96_32_net" "$out/"
echo "built $out/qtps-driver; run it as: $out/qtps-driver $out/96_32_net"
