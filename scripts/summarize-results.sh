#!/bin/bash
# summarize-results.sh SERIES BASE FAILS SKIPS: print one line per result of
# SERIES ("RESULT id" lines), its result next to the base's from BASE, then
# "N passed, N failed, N skipped"; exit 1 if anything failed.  Only the
# series' results and the lists decide:
#  - FAILS (tests/fails-on-base, tests/fails-on-6.12): the tests the base
#    must fail, as ids or globs of ids; "~ " before one when the base may
#    pass it too, "? " when the base may skip it (it lacks what the test
#    reads), "- " when the backport leaves its fix out, so that it fails
#    on both kernels;
#  - SKIPS (tests/expected-skips, tests/skips-on-6.12): the tests that may
#    skip, each after a comment that says why; any other SKIP is a FAIL.
set -euo pipefail

[ $# -eq 4 ] || { echo "usage: summarize-results.sh SERIES BASE FAILS SKIPS" >&2; exit 2; }
series=$1 base=$2 fails=$3 skips=$4

awk -v expect="$fails" -v skips="$skips" -v base="$base" '
	# Globs of ids as regular expressions, from the lines of a list
	function read_globs(file, globs,	l, n, lo, m) {
		while ((getline l < file) > 0) {
			if (l ~ /^#/ || l == "")
				continue
			lo = sub(/^- /, "", l)
			m = sub(/^~ /, "", l)
			if (sub(/^\? /, "", l))
				m = 2
			gsub(/[.+?()|^$\[\]]/, "\\\\&", l)
			gsub(/\*/, ".*", l)
			globs[++n] = "^" l "$"
			left[file, n] = lo
			maybe[file, n] = m
		}
		close(file)
		return n
	}
	# 0 if no glob of FILE matches ID; else 1, or 2 after "~ ", 3 after
	# "? ", with out set after "- "
	function listed(file, globs, nglobs, id,	i) {
		for (i = 1; i <= nglobs; i++)
			if (id ~ globs[i]) {
				out = left[file, i]
				return maybe[file, i] ? maybe[file, i] + 1 : 1
			}
		out = 0
		return 0
	}
	function name(file) {
		sub(/.*\//, "", file)
		return "tests/" file
	}
	BEGIN {
		nfails = read_globs(expect, fglobs)
		nskips = read_globs(skips, sglobs)
		while ((getline l < base) > 0) {
			split(l, f, " ")
			b[f[2]] = f[1]
		}
	}
	{
		id = $2
		for (i = 3; i <= NF; i++)
			id = id " " $i
		r = $1
		bres = (id in b) ? b[id] : "-"
		note = ""
		# The skips of the other architectures are those of x86-64, and
		# those listed with their prefix.
		sid = id
		sub(/^i386:/, "", sid)
		unlisted_skip = r == "SKIP" && !listed(skips, sglobs, nskips, sid) &&
			!listed(skips, sglobs, nskips, id)
		fixed = listed(expect, fglobs, nfails, id)
		if (unlisted_skip) {
			note = "  <- skipped, but not in " name(skips)
			r = "FAIL"
		} else if (out && r == "FAIL" && (fixed == 2 || bres == "FAIL")) {
			note = "  (fix left out of the backport)"
			r = "LEFT"
		} else if (out && fixed == 1 && r == "PASS") {
			note = "  <- passes, but " name(expect) " says its fix is left out"
			r = "FAIL"
		} else if (bres == "FAIL" && !fixed) {
			note = "  <- fails on base but is not in " name(expect)
			r = "FAIL"
		} else if ((fixed == 1 && bres != "FAIL" && bres != "-") ||
			   (fixed == 3 && bres == "PASS")) {
			note = "  <- in " name(expect) " but passes there"
			r = "FAIL"
		} else if (fixed == 2 && bres == "PASS") {
			note = "  (fixed by the series; the base got lucky)"
		} else if (fixed == 3 && bres == "SKIP") {
			note = "  (added by the series)"
		} else if (fixed) {
			note = "  (fixed by the series)"
		}
		printf "%-4s  %-4s  %s%s\n", r, bres, id, note
		n[r]++
	}
	END {
		if (n["LEFT"])
			printf "%d failed as expected: their fixes are left out of the backport\n", n["LEFT"]
		printf "%d passed, %d failed, %d skipped\n", n["PASS"], n["FAIL"], n["SKIP"]
		exit n["FAIL"] > 0
	}' "$series"
