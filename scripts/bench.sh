#!/bin/bash
# "make bench": boot the base and the series kernel alternately (base first in
# each pair, BENCH_PAIRS pairs, default 5) with the same guest, each running
# guest/bench.sh once, and report every figure per kernel and pair by pair
# (scripts/bench-report.py).  Each pair then boots both kernels again with
# QEMU counting instructions (run-qemu.sh -i): timings on TCG move with the
# host's scheduling (it runs a vCPU at half speed for seconds at a time) and
# with how TCG runs each kernel's code, instruction counts do not.
# The 32-bit x86 kernels ("i386-base", "i386") are booted too, counting
# instructions of the hot path only: a 64-bit atomic would be a cmpxchg8b
# loop there, which the series must not need.
# Raw numbers, tables and the plot go to build/bench/, and with the method
# (bench/method.md) to docs/benchmarks.md.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

scripts=$top/scripts
pairs=${BENCH_PAIRS:-5}
out=$build/bench

"$scripts/install-deps.sh" bench
"$scripts/build.sh" series base i386 i386-base
mkdir -p "$out"

raw=$out/raw.jsonl
: >"$raw"
# boot KERNEL PAIR [icount]: one run of guest/bench.sh, its figures to $raw
# as the series' or the base's (named FIGURE_icount when counted in
# instructions, FIGURE_icount_i386 on i386, where only the hot path runs)
boot() {
	local kernel=$1 pair=$2 icount=${3:-} log as=series suffix="" hot=""
	log=$out/$kernel-$pair${icount:+-icount}.log
	case "$kernel" in *base) as=base ;; esac
	suffix=${icount:+_icount}
	if [ "$(arch_of "$kernel")" = i386 ]; then
		suffix=${suffix}_i386 hot=" bench.hot"
	fi
	echo "pair $pair/$pairs: $kernel kernel${icount:+, counting instructions}"
	rm -f "$out/swap.img"
	truncate -s 256M "$out/swap.img"
	run_owned "$scripts/run-qemu.sh" -k "$kernel" -t 900 -s "$out/swap.img" \
		${icount:+-i} -a "quiet${icount:+ bench.icount}$hot" "$top/guest/bench.sh" >"$log" 2>&1 ||
		die "the $kernel kernel's run failed: see $log"
	tr -d '\r' <"$log" | sed -n "s/^bench: {\"figure\": \"\([a-z]*\)\"/{\"kernel\": \"$as\", \"pair\": $pair, \"figure\": \"\1$suffix\"/p" >>"$raw"
}
for pair in $(seq "$pairs"); do
	boot base "$pair"
	boot series "$pair"
	boot base "$pair" icount
	boot series "$pair" icount
	boot i386-base "$pair" icount
	boot i386 "$pair" icount
done
rm -f "$out/swap.img"

python3 "$scripts/bench-report.py" "$raw" "$out" "$base_version"
gnuplot "$out/abort.gp"
# docs/benchmarks.md is the method and this run's results, written here so
# that nothing in it is pasted by hand.
{
	cat "$top/bench/method.md"
	printf '\n## Results\n\n![Device callbacks run after a wakeup event](bench-abort.png)\n\n'
	cat "$out/results.md"
} >"$top/docs/benchmarks.md"
cp "$out/abort.png" "$top/docs/bench-abort.png"
echo "tables: $out/results.md, plot: $out/abort.png; both in docs/benchmarks.md"
