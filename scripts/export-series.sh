#!/bin/bash
# Regenerate patches/ from base..HEAD of build/linux ("export-series.sh
# stable": stable/6.12/ from build/stable/linux).  The output depends on
# the commits only (no commit hashes, signature or export date), so exporting
# an unchanged tree leaves patches/ byte-identical.  The cover letter's
# subject and text are kept from the existing patches/0000-cover-letter.patch;
# its shortlog and diffstat are regenerated.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

patches=$top/patches
case "${1:-series}" in
series) ;;
stable) tree=$stable_tree patches=$stable_patches ;;
*) die "usage: export-series.sh [series|stable]" ;;
esac
[ -d "$tree/.git" ] || die "no $tree: run make tree"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
[ "$(git -C "$tree" rev-list --count base..HEAD)" -gt 0 ] || die "no commits on top of base"

old_cover=$patches/0000-cover-letter.patch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

git -C "$tree" format-patch -q --zero-commit --no-signature --cover-letter \
	-o "$tmp" base..HEAD

subject="*** SUBJECT HERE ***"
echo "*** BLURB HERE ***" >"$tmp/blurb"
if [ -f "$old_cover" ]; then
	# The subject, unfolded, without its "[PATCH 0/N] " prefix.
	subject=$(awk '
		/^Subject: / { s = $0; sub(/^Subject: \[[^]]*\] /, "", s); on = 1; next }
		on && /^[ \t]/ { s = s $0; next }
		on { print s; exit }' "$old_cover")
	# The text between the headers and the last "Author (N):" shortlog line.
	awk '
		{ line[NR] = $0 }
		!hdr_end && $0 == "" { hdr_end = NR }
		hdr_end && NR > hdr_end && /^[^ ].* \([0-9]+\):$/ { shortlog = NR }
		END { for (i = hdr_end + 1; i < shortlog - 1; i++) print line[i] }' \
		"$old_cover" >"$tmp/blurb"
fi

new_cover=$tmp/0000-cover-letter.patch
last_patch=$(find "$tmp" -name '[0-9]*.patch' ! -name '0000-*' | sort | tail -n 1)
date=$(sed -n 's/^Date: //p' "$last_patch" | head -n 1)
awk -v subject="$subject" -v date="$date" -v blurb="$tmp/blurb" '
	!body && /^Date: / { print "Date: " date; next }
	!body && /^Subject: / {
		i = index($0, "*** SUBJECT HERE ***")
		print substr($0, 1, i - 1) subject
		next
	}
	!body && $0 == "" { body = 1 }
	$0 == "*** BLURB HERE ***" {
		while ((getline l < blurb) > 0)
			print l
		next
	}
	{ print }' "$new_cover" >"$tmp/cover" && mv "$tmp/cover" "$new_cover"

rm -f "$patches"/*.patch
mkdir -p "$patches"
cp "$tmp"/*.patch "$patches/"
echo "exported $(($(find "$patches" -name '*.patch' | wc -l) - 1)) patches to ${patches#"$top"/}/"
