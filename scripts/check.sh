#!/bin/bash
# "make check": install what is missing, apply and build the series and the
# base kernel (scripts/build.sh), check the host scripts and every patch,
# run every kselftest and KUnit suite on both kernels in QEMU, then "make
# demo", and print one line per result, the series next to the base, then
# "N passed, N failed, N skipped".
# Only the series' results and the expectations of tests/fails-on-base and
# tests/expected-skips decide the outcome (scripts/summarize-results.sh).
# Then the same tests run on the series built for
# 32-bit x86 ("i386"): a 32-bit kernel under 32-bit clients, their ids
# prefixed "i386:"; and on the series on a bare machine, as a CI farm runs
# them (scripts/run-bare.sh), their ids prefixed "bare:".  Logs stay in
# build/check/.
#
# "check.sh debug" runs the same tests on the "debug" kernel, the series
# built with the kernel's bug detectors (config/debug/), where any report of
# theirs fails the run; logs in build/check-debug/.  "check.sh kcsan" does
# the same with the data-race detector (config/kcsan/), in build/check-kcsan/.
# "check.sh stable" runs the series' kselftests on the stable backport
# (stable/6.12/ on 6.12) and on unpatched 6.12, as LKFT runs mainline's
# tests on stable kernels, against tests/fails-on-6.12; logs in
# build/check-stable/.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

scripts=$top/scripts
expect=$top/tests/fails-on-base
skips=$top/tests/expected-skips
patches=$top/patches
case "${1:-}" in
"") tested=series compared=(base) extra=(i386) results=$build/check limit=600 slow=1 ;;
debug | kcsan) tested=$1 compared=() extra=() results=$build/check-$1 limit=1800 slow=4 ;;
stable)
	tested=stable compared=(stable-base) extra=() results=$build/check-stable limit=600 slow=1
	expect=$top/tests/fails-on-6.12 skips=$top/tests/skips-on-6.12 patches=$stable_patches
	;;
*) die "usage: check.sh [debug|kcsan|stable]" ;;
esac
rm -rf "$results"
mkdir -p "$results"
: >"$results/series"
: >"$results/base"

# record RESULT ID [BASE]: a result of the series, and of the base if known
record() {
	echo "$1 $2" >>"$results/series"
	[ -z "${3:-}" ] || echo "$3 $2" >>"$results/base"
}

# step NAME COMMAND...: run a set-up step, logging it; a failure is a result
step() {
	local name=$1 log
	shift
	log=$results/$(echo "$name" | tr ' /' '__').log
	echo "== $name"
	if run_owned "$@" >"$log" 2>&1; then
		return 0
	fi
	tail -n 30 "$log"
	record FAIL "$name (log: ${log#"$top"/})"
	return 1
}

summary() {
	echo "== results (series, base, test)"
	"$scripts/summarize-results.sh" "$results/series" "$results/base" "$expect" "$skips"
}

# build KERNEL...: build them, a failure or a warning is a result
build() {
	local log
	log=$results/$(echo "build $*" | tr ' /' '__').log
	step "build $*" "$scripts/build.sh" "$@" || return 1
	# A warning shows whenever its file compiles: from a clean clone, all
	# of them (ccache replays them too).
	if grep -qi 'warning:' "$log"; then
		{ grep -i -A3 'warning:' "$log" || true; } | head -n 40
		record FAIL "build $* without warnings (log: ${log#"$top"/})"
	fi
}

ok=1
build "$tested" "${compared[@]}" || ok=0
# The other architectures are built apart: a failure there must not hide
# the results of the main one.
extra_ok=()
for kernel in "${extra[@]}"; do
	build "$kernel" && extra_ok+=("$kernel")
done
extra=("${extra_ok[@]}")

# The host scripts, the patches and the documents: checked before the
# tests, which must have the CPUs to themselves (scripts/run-tests.sh); they
# take a minute when nothing is cached, seconds with the cache.
lint() {
	local f p key report log passed
	# A check that passed is not run again until what it reads changes
	# (for shellcheck: the script, common.sh, shellcheck itself; for
	# checkpatch: the patch, checkpatch and its word lists).
	passed=$build/check-cache/passed
	mkdir -p "$passed"
	local scripts_=("$top"/scripts/*.sh "$top"/guest/init "$top"/guest/*.sh
		"$top"/guest/scenarios/*.sh "$top"/.ci/run)
	# The stable check has only its patches to check.
	[ "$tested" = series ] || scripts_=()
	for f in "${scripts_[@]}"; do
		key=$( { cat "$f" "$scripts/common.sh"; shellcheck --version; } | sha256sum | cut -d' ' -f1)
		if [ -e "$passed/$key" ] ||
			(cd "$top" && shellcheck -x "$f") >"$results/shellcheck.log" 2>&1; then
			touch "$passed/$key"
			record PASS "shellcheck ${f#"$top"/}"
		else
			cat "$results/shellcheck.log"
			record FAIL "shellcheck ${f#"$top"/}"
		fi
	done
	local patches_=("$patches"/[0-9]*.patch)
	# The x86 fix that only the KCSAN kernel carries (x86/) goes with the series.
	[ "$tested" != series ] || patches_+=("$top"/x86/*.patch)
	for p in "${patches_[@]}"; do
		case "$p" in */0000-cover-letter.patch) continue ;; esac
		key=$(cat "$p" "$ktree"/scripts/checkpatch.pl "$ktree"/scripts/spelling.txt \
			"$ktree"/scripts/const_structs.checkpatch | sha256sum | cut -d' ' -f1)
		# Debian's python3 has the modules checkpatch's SPDX check imports.
		report=""
		[ -e "$passed/$key" ] ||
			report=$( (cd "$ktree" || exit
				PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --terse \
					--show-types "$p" 2>&1
				true) | { grep -E '(ERROR|WARNING|CHECK):|Traceback' || true; })
		if [ -z "$report" ]; then
			touch "$passed/$key"
			record PASS "checkpatch ${p#"$top"/}"
		else
			echo "$report"
			record FAIL "checkpatch ${p#"$top"/}"
		fi
	done
	# The harness's own tests: its parser and summary on recorded logs.
	if report=$("$scripts/test-harness.sh") && grep -q '^PASS harness:' <<<"$report"; then
		while read -r result id; do
			case "$result" in PASS | FAIL) record "$result" "$id" ;; *) echo "$result $id" ;; esac
		done <<<"$report"
	else
		echo "$report"
		record FAIL "harness (scripts/test-harness.sh did not finish)"
	fi
	# Each revert made by hand for check-fixes names the fix as the series
	# has it: a fix changed since (even its context) is found here, not at
	# the end of CI.
	if [ "$tested" = series ]; then
		local ids
		ids=$(for p in "${patches_[@]}"; do git patch-id --stable <"$p"; done | cut -d' ' -f1)
		for f in "$top"/tests/reverts/*.diff; do
			if grep -qxF "$(sed -n 's/^patch-id: //p' "$f")" <<<"$ids"; then
				record PASS "revert ${f#"$top"/}"
			else
				record FAIL "revert ${f#"$top"/} (its fix changed: make it again)"
			fi
		done
	fi
	# The series' documentation builds without a warning.  Sphinx's own
	# about graphviz missing, and the base's ABI files defined twice
	# (sysfs-driver-hid-lenovo-go*, in 7.3.4), are not the documents'.
	[ "$tested" = series ] || return 0
	# The ABI entries as the kernel's own tool parses them (htmldocs below
	# renders only Documentation/power), and the manual page of wakeup-pm.
	report=$(cd "$tree" && PATH=/usr/bin:$PATH python3 -B tools/docs/get_abi.py \
		--dir Documentation/ABI validate 2>&1 | { grep -v 'sysfs-driver-hid-lenovo-go' || true; })
	if [ -z "$report" ]; then
		record PASS "abi Documentation/ABI"
	else
		echo "$report" | head -n 20
		record FAIL "abi Documentation/ABI"
	fi
	if report=$(groff -man -ww -z "$tree/tools/power/wakeup-pm/wakeup-pm.8" 2>&1) &&
		[ -z "$report" ]; then
		record PASS "man tools/power/wakeup-pm/wakeup-pm.8"
	else
		echo "$report"
		record FAIL "man tools/power/wakeup-pm/wakeup-pm.8"
	fi
	log=$results/htmldocs.log
	if (cd "$tree" && make O="$build/htmldocs" htmldocs SPHINXDIRS=power) >"$log" 2>&1 &&
		! grep -v -e 'dot(1) not found' -e 'sysfs-driver-hid-lenovo-go' "$log" |
		grep -qE 'WARNING|ERROR'; then
		record PASS "htmldocs Documentation/power"
	else
		{ grep -E 'WARNING|ERROR|Error|Traceback' "$log" || true; } | tail -n 20
		record FAIL "htmldocs Documentation/power (log: ${log#"$top"/})"
		return 0
	fi
	# ... and its tables render as written (docutils misreads some silently).
	local page=$build/htmldocs/Documentation/output/power/wakeup-count.html
	if "$scripts/check-html-tables.py" "$page"; then
		record PASS "html tables Documentation/power/wakeup-count"
	else
		record FAIL "html tables Documentation/power/wakeup-count"
	fi
}
ktree=$(patched_of "$tested")
if [ "$ok" -eq 1 ] && { [ "$tested" = series ] || [ "$tested" = stable ]; }; then
	echo "== host scripts, patches and documents"
	lint || record FAIL "lint (scripts/check.sh's lint did not finish)"
fi

# The base kernel never changes, so its results only change with its guest
# (the tests) and the scripts that run them: reuse them when none changed.
cache=$build/check-cache
base_key() {
	cat "$(kout_of "${compared[0]}")/arch/x86/boot/bzImage" \
		"$(kdir_of "${compared[0]}")/guest/initramfs.cpio" "$top"/guest/check.sh "$top"/guest/*.asl \
		"$top"/guest/scenarios/*.sh "$scripts"/run-qemu.sh \
		"$scripts"/run-scenario.sh "$scripts"/run-tests.sh "$scripts"/parse-results.sh |
		sha256sum | cut -d' ' -f1
}

if [ "$ok" -eq 1 ]; then
	kernels=("$tested" "${compared[@]}")
	if [ ${#compared[@]} -gt 0 ] &&
		[ "$(cat "$cache/${compared[0]}.key" 2>/dev/null)" = "$(base_key)" ]; then
		echo "== the base kernel and its tests did not change: reusing its results"
		cp "$cache/${compared[0]}.results" "$results/${compared[0]}.results"
		kernels=("$tested")
	fi
	# One kernel at a time (scripts/run-tests.sh says why), the other
	# architectures last: a failure there must not hide the main results.
	for kernel in "${kernels[@]}" "${extra[@]}"; do
		run_owned "$scripts/run-tests.sh" "$kernel" "$results" "$limit" "$slow" ||
			echo "FAIL run-tests $kernel (scripts/run-tests.sh did not finish)" >>"$results/$kernel.results"
	done
	# The series' tests again as a CI farm runs them, on a bare machine,
	# where they skip what it lacks.
	if [ "$tested" = series ]; then
		run_owned "$scripts/run-bare.sh" "$tested" "$results" 1800 ||
			echo "FAIL bare:run (scripts/run-bare.sh did not finish)" >>"$results/bare.results"
		cat "$results/bare.results" >>"$results/series"
	fi
	cat "$results/$tested.results" >>"$results/series"
	for kernel in "${extra[@]}"; do
		sed "s/^\([A-Z]*\) /\1 $kernel:/" "$results/$kernel.results" >>"$results/series"
	done
	if [ ${#compared[@]} -gt 0 ]; then
		cat "$results/${compared[0]}.results" >>"$results/base"
		# A base machine that did not end cleanly, or a base test without
		# exactly one result, fails the check too, and is not kept.
		harm=$(grep -E '^FAIL (machine |.* \((no result on machine|[0-9]+ results))' \
			"$results/${compared[0]}.results" || true)
		if [ -n "$harm" ]; then
			awk -v k="${compared[0]}" '{ sub(/^FAIL /, "FAIL " k ":"); print }' \
				<<<"$harm" >>"$results/series"
		else
			mkdir -p "$cache"
			cp "$results/${compared[0]}.results" "$cache/${compared[0]}.results"
			base_key >"$cache/${compared[0]}.key"
		fi
	fi
fi

# "make demo" runs too, so that it cannot rot: it fails where a case of
# its comparison shows no difference or its transcript goes wrong.
if [ "$ok" -eq 1 ] && [ "$tested" = series ]; then
	echo "== demo"
	if run_owned "$scripts/demo.sh" >"$results/demo.log" 2>&1; then
		record PASS demo:make-demo
	else
		tail -n 30 "$results/demo.log"
		record FAIL demo:make-demo
	fi
fi

# What a failing kselftest said, from its RUN line to its result.
{ grep '^FAIL [^ ]*:' "$results/series" || true; } | while read -r _ id _; do
	log=$results/$tested.log
	for kernel in "${extra[@]}" bare; do
		case "$id" in "$kernel:"*) log=$results/$kernel.log id=${id#"$kernel":} ;; esac
	done
	test_output "$log" "$id"
done

summary
