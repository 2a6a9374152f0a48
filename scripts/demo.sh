#!/bin/bash
# "make demo": build the base kernel, the series and their guests, show
# what the series changes (guest/demo-compare.sh on both kernels, side by
# side), then play a power manager's life on the series (guest/demo.sh) as
# a transcript.  Exits non-zero if a case shows no difference or the
# transcript went wrong, so that "make check" can run it.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

scripts=$top/scripts
tmp=$(mktemp -d)
on_exit="rm -rf '$tmp'"
echo "building the kernels and their guests (minutes the first time)"
"$scripts/build.sh" series base >"$tmp/build.log" 2>&1 || {
	tail -n 30 "$tmp/build.log"
	die "the build failed"
}

# outcomes KERNEL: into $tmp/KERNEL, the "case outcome" lines of
# guest/demo-compare.sh on KERNEL, the last line of each case; only the
# base may stop during the last case, as it powers off.
outcomes() {
	local rc=0
	truncate -s 256M "$tmp/swap.img"
	"$scripts/run-qemu.sh" -k "$1" -t 300 -s "$tmp/swap.img" -a quiet \
		"$top/guest/demo-compare.sh" >"$tmp/$1.out" 2>&1 || rc=$?
	rm -f "$tmp/swap.img"
	tr -d '\r' <"$tmp/$1.out" | sed -n 's/^demo: //p' |
		awk '{ case_ = $1; sub(/^[^ ]* /, ""); last[case_] = $0
			if (!(case_ in seen)) { seen[case_] = 1; order[++n] = case_ } }
		END { for (i = 1; i <= n; i++) print order[i], last[order[i]] }' >"$tmp/$1"
	# 126: the guest stopped without an exit status.
	case "$1:$rc:$(tail -n 1 "$tmp/$1")" in
	series:0:* | "base:126:event-while-image-written powered off (event lost)") ;;
	*)
		cat "$tmp/$1.out" >&2
		die "guest/demo-compare.sh failed on the $1 kernel ($rc)"
		;;
	esac
}

# What each case must show: the series as below, the base otherwise.
expected="junk-after-count refused (EINVAL)
event-in-freezer-last-pass aborted (EBUSY)
event-in-suspend-noirq aborted (EBUSY)
event-at-snapshot aborted (EBUSY)
event-while-image-written rolled back (EBUSY)
done done"

outcomes base
outcomes series
echo
echo "What the series changes: a power manager follows the wakeup_count protocol,"
echo "and the base kernel loses what happens or reports it wrongly."
echo
awk -v base="mainline ${base_version%%-*}" '
	FILENAME == ARGV[1] { was[$1] = substr($0, length($1) + 2); next }
	FNR == 1 { printf "%-28s %-36s %s\n", "case", base, "with the series" }
	$1 != "done" { printf "%-28s %-36s %s\n", $1,
		$1 in was ? was[$1] : "(not reached)", substr($0, length($1) + 2) }
' "$tmp/base" "$tmp/series"
echo
[ "$(cat "$tmp/series")" = "$expected" ] ||
	die "the series did not do what the demo shows: $(cat "$tmp/series")"
while read -r case_ outcome; do
	[ "$case_" != "done" ] || continue
	was=$(sed -n "s/^$case_ //p" "$tmp/base")
	[ -n "$was" ] || die "$case_: the base did not get there"
	[ "$was" != "$outcome" ] || die "$case_: the base does the same as the series"
done <<<"$expected"

"$scripts/run-qemu.sh" -k series -t 300 -a quiet "$top/guest/demo.sh"
