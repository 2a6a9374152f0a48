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

# outcomes KERNEL: "case outcome" lines of guest/demo-compare.sh on KERNEL,
# the last line of each case (the base may power off during the last one).
outcomes() {
	local rc=0
	truncate -s 256M "$tmp/swap.img"
	"$scripts/run-qemu.sh" -k "$1" -t 300 -s "$tmp/swap.img" -a quiet \
		"$top/guest/demo-compare.sh" >"$tmp/$1.out" 2>&1 || rc=$?
	rm -f "$tmp/swap.img"
	# 126: the guest stopped without an exit status (powered off).
	[ "$rc" = 0 ] || [ "$rc" = 126 ] || {
		cat "$tmp/$1.out"
		die "guest/demo-compare.sh failed on the $1 kernel ($rc)"
	}
	tr -d '\r' <"$tmp/$1.out" | sed -n 's/^demo: //p' |
		awk '{ case_ = $1; sub(/^[^ ]* /, ""); last[case_] = $0
			if (!(case_ in seen)) { seen[case_] = 1; order[++n] = case_ } }
		END { for (i = 1; i <= n; i++) print order[i], last[order[i]] }'
}

outcomes base >"$tmp/base"
outcomes series >"$tmp/series"
echo
echo "What the series changes: a power manager follows the wakeup_count protocol"
echo "and a wakeup event arrives where the base kernel loses it."
echo
awk -v base="mainline ${base_version%%-*}" '
	NR == FNR { was[$1] = substr($0, length($1) + 2); next }
	FNR == 1 { printf "%-28s %-32s %s\n", "case", base, "with the series" }
	$1 != "done" { printf "%-28s %-32s %s\n", $1,
		$1 in was ? was[$1] : "(not reached)", substr($0, length($1) + 2) }
' "$tmp/base" "$tmp/series"
echo
grep -q '^done ' "$tmp/series" || die "the series did not finish guest/demo-compare.sh"
# Each case must show the difference: the series never loses the event
# (nor takes the junk), and the base does not behave the same.
while read -r case_ outcome; do
	[ "$case_" != "done" ] || continue
	case "$outcome" in *lost* | accepted) die "the series: $case_: $outcome" ;; esac
	[ "$(sed -n "s/^$case_ //p" "$tmp/base")" != "$outcome" ] ||
		die "$case_: the base does the same as the series"
done <"$tmp/series"

"$scripts/run-qemu.sh" -k series -t 300 -a quiet "$top/guest/demo.sh"
