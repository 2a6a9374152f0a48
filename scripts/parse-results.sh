#!/bin/bash
# Turn the console log of a guest/check.sh run into one "RESULT id" line per
# test (RESULT is PASS, FAIL or SKIP).  Ids: "<collection>:<test>" for
# kselftests, "kunit:<suite>.<case>" for KUnit, "kernel-log" for the splat
# check of guest/init ("kernel-log (shard N)" for the machines after the
# first when the tests were split; give their logs one after the other).
set -euo pipefail

awk '
function flush_program() {
	# A program that died or timed out without failing a test fails as a whole.
	if (ctx != "" && code != 0 && code != 4 && !failed)
		print "FAIL " ctx ":" prog " (exit " code ")"
	if (ctx != "" && !seen && (code == 0 || code == 4))
		print (code == 4 ? "SKIP " : "PASS ") ctx ":" prog
}
/^# selftest: / {
	kind = "selftest"; split(substr($0, 13), cp, ":")
	ctx = cp[1]; prog = cp[2]; seen = failed = 0; code = -1
	next
}
/^# exit: / { code = substr($0, 9) + 0; flush_program(); ctx = ""; next }
/^# kunit: / { kind = "kunit"; ctx = "kunit:" substr($0, 10); next }
/^# shard: / { split($3, sh, "/"); shard = sh[1]; next }
/^guest: kernel log: / {
	print ($4 == "clean" ? "PASS" : "FAIL") " kernel-log" (shard > 1 ? " (shard " shard ")" : "")
	next
}
/^[ \t]*(not )?ok [0-9]+ / && ctx != "" {
	line = $0
	sub(/^[ \t]*/, "", line)
	res = line ~ /^not ok/ ? "FAIL" : "PASS"
	if (line ~ /# *SKIP/)
		res = "SKIP"
	name = line
	sub(/^(not )?ok [0-9]+ /, "", name)
	sub(/ *#.*$/, "", name)
	if (kind == "kunit") {
		if ("kunit:" name == ctx)
			next
		print res " " ctx "." name
	} else {
		print res " " ctx ":" name
	}
	seen = 1
	if (res == "FAIL")
		failed = 1
}' "$@"
