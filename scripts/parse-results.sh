#!/bin/bash
# Turn the console log of a guest/check.sh run into one "RESULT id" line per
# test (RESULT is PASS, FAIL or SKIP).  Ids: "<collection>:<test>" for
# kselftests, "kunit:<suite>.<case>" for KUnit, "kernel-log" for the splat
# check of guest/init ("kernel-log (shard N)" for the machines after the
# first when the tests were split; give their logs one after the other).
# Every test a machine planned ("# plan:" lines, printed before it runs
# anything) must have exactly one result: a missing one, after a crash or a
# reset, is a FAIL naming the test and the machine, and so is a second one
# or a program whose results do not match its KTAP plan ("1..N").  The
# harness ends each machine's log with "# status: <exit status> <machine>"
# (scripts/run-qemu.sh's codes): anything but 0 fails that machine's run.
set -euo pipefail

awk '
function emit(res, id) {
	print res " " id
	n[id]++
	if (kind == "selftest" && ctx != "")
		prog_seen[ctx ":" prog] = 1
	if (kind == "kunit")
		prog_seen[ctx] = 1
}
# A selftest program that never said how it ended was cut off.
function cut_off() {
	if (kind == "selftest" && ctx != "" && code == -1)
		emit("FAIL", ctx ":" prog " (cut off)")
	ctx = ""
}
function flush_program() {
	# A program that died or timed out without failing a test fails as a whole.
	if (ctx != "" && code != 0 && code != 4 && !failed)
		emit("FAIL", ctx ":" prog " (exit " code ")")
	if (ctx != "" && !seen && (code == 0 || code == 4))
		emit(code == 4 ? "SKIP" : "PASS", ctx ":" prog)
	if (ctx != "" && plan >= 0 && results != plan)
		emit("FAIL", ctx ":" prog " (" results " results for a plan of " plan ")")
}
/^# selftest: / {
	cut_off()
	kind = "selftest"; split(substr($0, 13), cp, ":")
	ctx = cp[1]; prog = cp[2]; seen = failed = results = 0; code = plan = -1
	next
}
/^1\.\.[0-9]+$/ && kind == "selftest" && ctx != "" && plan < 0 { plan = substr($0, 4) + 0; next }
/^# exit: / { code = substr($0, 9) + 0; flush_program(); ctx = ""; next }
/^# kunit: / { cut_off(); kind = "kunit"; ctx = "kunit:" substr($0, 10); kplan = -1; kresults = 0; next }
/^# shard: / {
	cut_off()
	split($3, sh, "/"); shard = sh[1]; machine = $3
	shards[machine] = 1
	next
}
/^# plan: / { planned[$3 " " $4] = machine; next }
/^# status: / {
	cut_off()
	status[$4] = 1
	if ($3 != 0)
		print "FAIL machine " $4 " (" ($3 == 124 ? "hung: time limit hit" : \
			$3 == 125 ? "the kernel died" : \
			$3 == 126 ? "stopped without an exit status: powered off or reset" : \
			"exit status " $3) ")"
	else if (!klog[$4])
		print "FAIL machine " $4 " (no kernel log check)"
	next
}
/^    1\.\.[0-9]+$/ && kind == "kunit" && kplan < 0 { kplan = $1; sub(/^1\.\./, "", kplan); kplan += 0; next }
/^guest: kernel log: / {
	emit(($4 == "clean" ? "PASS" : "FAIL"), "kernel-log" (shard > 1 ? " (shard " shard ")" : ""))
	klog[machine] = 1
	next
}
/^[ \t]*(not )?ok [0-9]+ / && ctx != "" {
	line = $0
	if (kind == "selftest" && line ~ /^(not )?ok /)
		results++
	if (kind == "kunit" && line ~ /^[ \t]/)
		kresults++
	sub(/^[ \t]*/, "", line)
	res = line ~ /^not ok/ ? "FAIL" : "PASS"
	if (line ~ /# *SKIP/)
		res = "SKIP"
	name = line
	sub(/^(not )?ok [0-9]+ /, "", name)
	sub(/ *#.*$/, "", name)
	if (kind == "kunit") {
		# The suite: failed as a whole, or not all of its cases reported.
		if ("kunit:" name == ctx) {
			if (res == "FAIL")
				emit("FAIL", ctx)
			if (kplan >= 0 && kresults != kplan)
				emit("FAIL", ctx " (" kresults " results for a plan of " kplan ")")
			next
		}
		emit(res, ctx "." name)
	} else {
		emit(res, ctx ":" name)
	}
	seen = 1
	if (res == "FAIL")
		failed = 1
}
END {
	cut_off()
	for (m in shards)
		if (!(m in status))
			print "FAIL machine " m " (no status: its log was cut short)"
	# "collection:program test", or "collection:program -" for all of
	# its tests; the id of a test is "collection:test".
	for (p in planned) {
		split(p, f, " ")
		collection = f[1]
		sub(/:.*/, "", collection)
		if (f[2] == "-" ? !(f[1] in prog_seen) : !((collection ":" f[2]) in n))
			print "FAIL " (f[2] == "-" ? f[1] : collection ":" f[2]) \
				" (no result on machine " planned[p] ")"
	}
	for (id in n)
		if (n[id] > 1)
			print "FAIL " id " (" n[id] " results)"
}' "$@"
