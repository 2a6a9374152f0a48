#!/bin/bash
# Make build/kcsan/linux, the tree of the KCSAN kernel: a worktree of
# build/linux's HEAD (the series) with the x86 fix of x86/ applied on top.
# That fix is for the x86 maintainers, not part of the series, but without
# it no KCSAN kernel resumes from S3 (see its changelog), so "make
# check-kcsan" needs it.  The worktree is made again when the series' HEAD
# or the fix changed; uncommitted work in build/linux is not in it.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

kcsan_tree=$(ksrc_of kcsan)
fixes=("$top"/x86/*.patch)
[ -d "$tree/.git" ] || die "no $tree: run scripts/prepare-tree.sh"

want=$( { git -C "$tree" rev-parse HEAD; cat "${fixes[@]}"; } | sha256sum | cut -d' ' -f1)
[ "$(cat "$kcsan_tree/.series" 2>/dev/null)" != "$want" ] || exit 0

echo "making $kcsan_tree: the series plus ${#fixes[@]} patch(es) of x86/"
if [ ! -d "$kcsan_tree" ]; then
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$kcsan_tree" HEAD
fi
git -C "$kcsan_tree" checkout -q --detach "$(git -C "$tree" rev-parse HEAD)"
GIT_COMMITTER_NAME=prepare-kcsan-tree GIT_COMMITTER_EMAIL=prepare-kcsan-tree@localhost \
	git -C "$kcsan_tree" am -q --keep-cr "${fixes[@]}" ||
	{ git -C "$kcsan_tree" am --abort; die "x86/ does not apply to the series"; }
echo "$want" >"$kcsan_tree/.series"
