#!/bin/bash
# "make check-fixes": show that each fix of the series is caught by its own
# tests.  The fixes are the patches that tests/fails-on-base names: for
# each, build the series without it (the "without" kernel, a worktree at
# build/without/linux), run its own tests on it (the tests and scenarios
# under its subject in tests/fails-on-base, those under "Both", which no
# fix alone may fail, the KUnit suites, the kernel log and boot checks)
# and require what that file says of the base, for that patch alone: the
# tests under its subject fail ("~ ": may pass, but not all of them; "? ":
# must fail here too), every other test that ran passes, nothing skips
# that tests/expected-skips does not list, and each of its ids selects a
# test.  Its own tests alone take a fifth of the time of every test, which
# keeps CI within its time limit; that no other test fails without it is
# checked on one fix per run, chosen by the series' patch-id (so that
# another may come as the series changes; with FIX=, only if it is among
# them), and on all of them with ALL=1.  It
# assumes that the series itself passes every test (make check).  Ids hold
# no ",", "?", "[" or blank: they go to the guest as globs (run-tests.sh).
# A fix is taken out by applying the
# reverse of its changes outside Documentation/, or, where later patches
# changed the same lines or build on the fix, the revert made by hand in
# tests/reverts/<its patch file's name>.diff, which names the patch-id of
# the version of the fix it reverts.
# "check-fixes.sh N..." takes out only the Nth patches.  Logs in
# build/check-fixes/<patch>/; prints "PASS fix:<subject>" or
# "FAIL fix:<subject>" for each, then "N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

scripts=$top/scripts
list=$top/tests/fails-on-base
results=$build/check-fixes
without=$(ksrc_of without)
mkdir -p "$results"

run_owned "$scripts/build.sh" series >"$results/build.log" 2>&1 ||
	{ tail -n 30 "$results/build.log"; die "the series does not build"; }
head=$(git -C "$tree" rev-parse HEAD)
if ! git -C "$without" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	rm -rf "$without"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$without" "$head"
fi

# section SUBJECT: the entries of tests/fails-on-base under SUBJECT (its
# sections start with "# SUBJECT" and end at a blank line); "section Most
# fixes": those that any fix may fail
section() {
	awk -v subject="# $1" '
		/^$/ { on = 0; next }
		$0 == subject || index($0, subject " ") == 1 { on = 1; next }
		/^#/ || !on { next }
		{ print }' "$list"
}

# Every section must name a patch of the series: one whose subject was
# reworded would silently drop out of the check.
subjects=$(git -C "$tree" log --reverse --format=%s "base..$head")
while read -r header; do
	named=0
	while read -r subject; do
		case "$header" in "# $subject" | "# $subject "*) named=1 ;; esac
	done <<<"$subjects"
	[ "$named" -eq 1 ] || die "${list#"$top"/}: no patch of the series is \"${header#\# }\""
done < <(awk 'NR > 1 && prev == "" && /^# / && !/^# (Most fixes|Both) / { print } { prev = $0 }' "$list")

# revert COMMIT NAME: take COMMIT out of the series' HEAD in the worktree,
# and commit that
revert() {
	local commit=$1 diff=$top/tests/reverts/$2.diff want
	git -C "$without" reset -q --hard "$head" || return
	if [ -f "$diff" ]; then
		want=$(sed -n 's/^patch-id: //p' "$diff")
		[ "$want" = "$(git -C "$tree" show "$commit" | git patch-id --stable | cut -d' ' -f1)" ] || {
			echo "${diff#"$top"/} reverts another version of the patch"
			return 1
		}
		git -C "$without" apply --index "$diff" || return
	else
		git -C "$tree" diff "$commit" "$commit~" -- . ':!Documentation' |
			git -C "$without" apply --index || return
	fi
	tool_git -C "$without" commit -q -m "Revert \"$(git -C "$tree" log -1 --format=%s "$commit")\""
}

# The fixes by number (first patch 1), their ids checked before anything
# runs, and the one that gets every test (with FIX=, only if among them).
n=0 fixes=()
while read -r subject; do
	n=$((n + 1))
	own=$(section "$subject")
	[ -n "$own" ] || continue
	fixes+=("$n")
	! awk '{ sub(/^[~?] /, "") } /[][,?[:space:]]/ { bad = 1 } END { exit !bad }' <<<"$own" ||
		die "${list#"$top"/}: an id of \"$subject\" has a ',', '?', '[' or blank"
done <<<"$subjects"
[ ${#fixes[@]} -gt 0 ] || die "${list#"$top"/} names no patch of the series"
! awk '/[][,?[:space:]]/ { bad = 1 } END { exit !bad }' <<<"$(section Both)" ||
	die "${list#"$top"/}: an id under \"Both\" has a ',', '?', '[' or blank"
id=$(git -C "$tree" diff base "$head" | git patch-id --stable | cut -c1-7)
every=${fixes[$((16#${id:-0} % ${#fixes[@]}))]}
[ "${ALL:-0}" != 1 ] || every=all

passed=0 failed=0 n=0 done_=""
for commit in $(git -C "$tree" rev-list --reverse "base..$head"); do
	n=$((n + 1))
	subject=$(git -C "$tree" log -1 --format=%s "$commit")
	# What must fail without it: "? " is no excuse here.
	own=$(section "$subject" | sed 's/^? //')
	[ -n "$own" ] || continue
	[ $# -eq 0 ] || [[ " $* " == *" $n "* ]] || continue
	done_+=" $n"
	files=("$top"/patches/"$(printf %04d "$n")"-*.patch)
	if [ ${#files[@]} -ne 1 ] || [ ! -f "${files[0]}" ]; then
		die "patches/ has no single file for patch $n: run make export"
	fi
	name=$(basename "${files[0]}" .patch)
	name=${name#[0-9][0-9][0-9][0-9]-}
	dir=$results/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	{ echo "$own"; section "Most fixes" | sed 's/^\(~ \)\?/~ /'; } >"$dir/fails-without-it"
	# Its own tests and those under "Both", as globs of ids separated by
	# commas (run-tests.sh), unless it gets every test.
	globs=$( { echo "$own"; section Both; } | sed 's/^~ //')
	only=""
	if [ "$every" = all ] || [ "$every" = "$n" ]; then
		echo "== $n: without \"$subject\" (every test)"
	else
		echo "== $n: without \"$subject\""
		only=$(paste -sd, <<<"$globs")
	fi
	ok=1 caught=0
	if ! revert "$commit" "$name" >"$dir/revert.log" 2>&1; then
		cat "$dir/revert.log"
		echo "the revert does not apply: make tests/reverts/$name.diff again"
		ok=0
	elif ! run_owned "$scripts/build-kernel.sh" without >"$dir/build.log" 2>&1 ||
		! run_owned "$scripts/build-initramfs.sh" without >>"$dir/build.log" 2>&1; then
		tail -n 30 "$dir/build.log"
		ok=0
	elif ! run_owned "$scripts/run-tests.sh" without "$dir" 600 1 "$only"; then
		ok=0
	else
		# Judged as make check judges the base, against the series
		# passing every test: a test's FAIL is a PASS there (not the
		# harness's failures, whose ids have spaces).
		sed 's/^FAIL \([^ ]*\)$/PASS \1/' "$dir/without.results" >"$dir/series"
		"$scripts/summarize-results.sh" "$dir/series" "$dir/without.results" \
			"$dir/fails-without-it" "$top/tests/expected-skips" >"$dir/summary" || ok=0
		grep -E '<-|\(fixed by' "$dir/summary" || true
		# What a test that should not have failed said.
		sed -n 's/^FAIL  FAIL  \([^ ]*\)  <-.*/\1/p' "$dir/summary" |
			while read -r id; do test_output "$dir/without.log" "$id"; done
		# Caught only if one of its own tests fails without it.
		while read -r result id; do
			[ "$result" = FAIL ] || continue
			while read -r glob; do
				# shellcheck disable=SC2053 # a glob of ids
				if [[ $id == ${glob#"~ "} ]]; then
					caught=$((caught + 1))
					break
				fi
			done <<<"$own"
		done <"$dir/without.results"
		[ "$caught" -gt 0 ] || { echo "none of its own tests fails without it"; ok=0; }
		# A renamed test must not drop out unseen (a KUnit suite has a
		# result of its own only when it fails).
		while read -r glob; do
			[[ $glob == kunit:* && $glob != *.* ]] && continue
			found=0
			while read -r _ id; do
				# shellcheck disable=SC2053 # a glob of ids
				[[ $id == $glob ]] && { found=1; break; }
			done <"$dir/without.results"
			[ "$found" -eq 1 ] || { echo "$glob: no such test"; ok=0; }
		done <<<"$globs"
	fi
	if [ "$ok" -eq 1 ]; then
		echo "PASS fix:$subject ($caught of its tests fail without it)"
		passed=$((passed + 1))
	else
		echo "FAIL fix:$subject (logs: ${dir#"$top"/})"
		failed=$((failed + 1))
	fi
done
for want in "$@"; do
	[[ " $done_ " == *" $want "* ]] && continue
	echo "FAIL fix:$want (patch $want is not a fix that ${list#"$top"/} names)"
	failed=$((failed + 1))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
