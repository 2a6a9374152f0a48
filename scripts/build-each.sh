#!/bin/bash
# Build every commit of base..HEAD in build/linux on its own, kernel, modules
# and power kselftests, in a worktree at build/each/linux, so that the series
# stays bisectable.  Stops at the first commit that does not build.
# "build-each.sh N" starts at the Nth commit, after a change to the end of
# the series.  With MATRIX=1, each commit is also built in every
# configuration of config/matrix/ (scripts/build-matrix.sh), but for those
# that change only tools/, Documentation/ and MAINTAINERS, which no
# configuration compiles.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

each=$build/each/linux
if [ ! -d "$each" ]; then
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$each" base
fi

first=${1:-1}
n=0
for commit in $(git -C "$tree" rev-list --reverse base..HEAD); do
	n=$((n + 1))
	[ "$n" -ge "$first" ] || continue
	echo "== $n: $(git -C "$tree" log -1 --format=%s "$commit")"
	git -C "$each" checkout -q --detach "$commit"
	"$top/scripts/build-kernel.sh" each
	if [ "${MATRIX:-0}" != 0 ] &&
		git -C "$tree" diff --name-only "$commit~" "$commit" | grep -qv '^\(tools/\|Documentation/\|MAINTAINERS$\)'; then
		"$top/scripts/build-matrix.sh" "$each"
	fi
	for mk in "$each"/tools/testing/selftests/power/*/Makefile; do
		[ -f "$mk" ] || continue
		make -C "${mk%/Makefile}" O="$build/each/selftests" \
			KHDR_INCLUDES="-isystem $build/kselftest-build/usr/include" -s
	done
done
echo "all $n commits build"
