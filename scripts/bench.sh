#!/bin/bash
# "make bench": boot the base and the series kernel alternately (base first in
# each pair, BENCH_PAIRS pairs, default 5) with the same guest, each running
# guest/bench.sh once, and report every figure per kernel and pair by pair
# (scripts/bench-report.py).  Each pair also boots both kernels with QEMU
# counting instructions (run-qemu.sh -i) for the hot path: TCG's timings
# vary by up to 3 times from one boot to the next, instruction counts do not.
# Raw numbers, tables and the plot go to build/bench/.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

scripts=$top/scripts
pairs=${BENCH_PAIRS:-5}
out=$build/bench

"$scripts/install-deps.sh" bench
"$scripts/build.sh" series base
mkdir -p "$out"

raw=$out/raw.jsonl
: >"$raw"
for pair in $(seq "$pairs"); do
	for kernel in base series; do
		echo "pair $pair/$pairs: $kernel kernel"
		log=$out/$kernel-$pair.log
		rm -f "$out/swap.img"
		truncate -s 256M "$out/swap.img"
		"$scripts/run-qemu.sh" -k "$kernel" -t 900 -s "$out/swap.img" -a quiet \
			"$top/guest/bench.sh" >"$log" 2>&1 ||
			die "the $kernel kernel's run failed: see $log"
		tr -d '\r' <"$log" | sed -n "s/^bench: {/{\"kernel\": \"$kernel\", \"pair\": $pair, /p" >>"$raw"
	done
	for kernel in base series; do
		echo "pair $pair/$pairs: $kernel kernel, counting instructions"
		log=$out/$kernel-$pair-icount.log
		"$scripts/run-qemu.sh" -k "$kernel" -t 900 -i -a "quiet bench.icount" \
			"$top/guest/bench.sh" >"$log" 2>&1 ||
			die "the $kernel kernel's run failed: see $log"
		tr -d '\r' <"$log" | sed -n "s/^bench: {\"figure\": \"hot\"/{\"kernel\": \"$kernel\", \"pair\": $pair, \"figure\": \"hot_icount\"/p" >>"$raw"
	done
done
rm -f "$out/swap.img"

python3 "$scripts/bench-report.py" "$raw" "$out" "$base_pkg_version"
gnuplot "$out/abort.gp"
echo "tables: $out/results.md, plot: $out/abort.png"
