#!/bin/bash
# "make bench": boot the base and the series kernel alternately (base first in
# each pair, BENCH_PAIRS pairs, default 5) with the same guest, each running
# guest/bench.sh once, and report every figure per kernel and pair by pair
# (scripts/bench-report.py).  Each pair also boots both kernels with QEMU
# counting instructions (run-qemu.sh -i) for the hot path and the round
# trip: timings on TCG move with the host's scheduling (it runs a vCPU at
# half speed for seconds at a time) and with where each kernel's code lands,
# instruction counts do not.
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
		tr -d '\r' <"$log" | sed -n "s/^bench: {\"figure\": \"\([a-z]*\)\"/{\"kernel\": \"$kernel\", \"pair\": $pair, \"figure\": \"\1_icount\"/p" >>"$raw"
	done
done
rm -f "$out/swap.img"

python3 "$scripts/bench-report.py" "$raw" "$out" "$base_pkg_version"
gnuplot "$out/abort.gp"
echo "tables: $out/results.md, plot: $out/abort.png"
