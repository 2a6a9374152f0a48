#!/bin/bash
# Make build/linux (tag "base", mainline, plus patches/ applied with git am)
# and the side-by-side worktree build/base/linux of the unpatched base;
# "prepare-tree.sh stable" makes build/stable/linux (6.12 plus stable/6.12/)
# and build/stable-base/linux the same way.  An existing tree is kept when
# it carries exactly its patches, so that a developer's commits are never
# thrown away: export them first, or remove the tree.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

case "${1:-series}" in
series)
	patches=$top/patches pkg=$base_pkg version=$base_version tarball=$base_tarball
	fetch="scripts/fetch-base.sh"
	;;
stable)
	tree=$stable_tree base_tree=$stable_base_tree patches=$stable_patches
	pkg=$stable_pkg version=$stable_version tarball=$stable_tarball
	fetch="scripts/install-deps.sh"
	;;
*) die "usage: prepare-tree.sh [series|stable]" ;;
esac

series=()
for p in "$patches"/*.patch; do
	case "$p" in */0000-cover-letter.patch) ;; *) [ -f "$p" ] && series+=("$p") ;; esac
done

patch_ids() { git patch-id --stable | cut -d' ' -f1 | sort; }

fresh=0
if [ ! -d "$tree/.git" ]; then
	[ -f "$tarball" ] || die "$tarball missing: run $fetch"
	echo "unpacking $tarball into $tree"
	rm -rf "$tree" "$base_tree" "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -xf "$tarball" -C "$tree.tmp" --strip-components=1
	# A fixed identity and date make the base commit the same on every machine.
	(
		export GIT_AUTHOR_NAME="Debian $pkg" GIT_AUTHOR_EMAIL=debian-kernel@lists.debian.org
		export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
		export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
		cd "$tree.tmp"
		git init -q -b main
		git add -A -f # Debian's .gitignore ignores "/*"
		git commit -q -m "$pkg $version"
		git tag base
	)
	mv "$tree.tmp" "$tree"
	fresh=1
fi

# checkpatch looks up the commits that commit messages cite with "git log";
# stand-ins carrying the upstream subjects let it check the citations.
empty=$(git -C "$tree" mktree </dev/null)
while read -r sha subject; do
	case "$sha" in "" | \#*) continue ;; esac
	tag=${sha:0:12}
	git -C "$tree" rev-parse -q --verify "refs/tags/$tag" >/dev/null && continue
	stub=$(printf '%s\n\nStand-in for upstream commit %s: the Debian source\ntarball has no history.\n' \
		"$subject" "$sha" | tool_git -C "$tree" commit-tree "$empty")
	git -C "$tree" tag "$tag" "$stub"
done <"$top/config/upstream-commits"

if [ "$fresh" -eq 1 ]; then
	for p in "${series[@]}"; do
		if ! tool_git -C "$tree" am -q --keep-cr "$p" >/dev/null 2>&1; then
			git -C "$tree" am --abort || true
			die "patch $(basename "$p") does not apply to $pkg $version"
		fi
	done
	echo "applied ${#series[@]} patches"
else
	have=$(git -C "$tree" format-patch --stdout base..HEAD | patch_ids)
	want=$(cat "${series[@]}" /dev/null | patch_ids)
	if [ "$have" != "$want" ]; then
		cat >&2 <<-MSG
		$tree does not carry ${patches#"$top"/}/ (its base..HEAD differs).
		Run "make export" to save the kernel work there into ${patches#"$top"/}/, or
		remove $tree to apply it afresh.
		MSG
		exit 1
	fi
	dirty=$(git -C "$tree" status --porcelain --untracked-files=no)
	[ -z "$dirty" ] || echo "note: $tree has uncommitted changes; they are built but are not in patches/" >&2
fi

if [ ! -d "$base_tree" ]; then
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$base_tree" base
fi
