#!/bin/bash
# The harness's own tests: each directory of tests/harness/ is a case, with
# the "expected" output.  A "log" (a guest's console, as scripts/check.sh
# keeps it) alone is run through the result parser, whose lines may come in
# any order; with "fails" and "skips" too, its results go on through the
# summary, as the series' against no base, and "expected" ends with the
# exit status; without a log, the summary runs on "series" and "base".
# Prints "PASS harness:<case>" or "FAIL harness:<case>" with the difference.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

scripts=$top/scripts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/empty"

# summary SERIES BASE CASE: the summary's output, then "exit N"
summary() {
	"$scripts/summarize-results.sh" "$1" "$2" "$3/fails" "$3/skips" && echo "exit 0" || echo "exit $?"
}

for case in "$top"/tests/harness/*/; do
	case=${case%/}
	name=harness:$(basename "$case")
	if [ -f "$case/log" ] && [ -f "$case/fails" ]; then
		"$scripts/parse-results.sh" "$case/log" | LC_ALL=C sort >"$tmp/results"
		summary "$tmp/results" "$tmp/empty" "$case" >"$tmp/got"
		cp "$case/expected" "$tmp/want"
	elif [ -f "$case/log" ]; then
		"$scripts/parse-results.sh" "$case/log" | LC_ALL=C sort >"$tmp/got"
		LC_ALL=C sort "$case/expected" >"$tmp/want"
	else
		summary "$case/series" "$case/base" "$case" >"$tmp/got"
		cp "$case/expected" "$tmp/want"
	fi
	if diff "$tmp/got" "$tmp/want" >"$tmp/diff"; then
		echo "PASS $name"
	else
		sed 's/^/# /' "$tmp/diff"
		echo "FAIL $name"
	fi
done
