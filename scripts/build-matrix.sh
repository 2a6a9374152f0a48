#!/bin/bash
# Build a tree of the series (default build/linux) in every configuration
# of config/matrix/: each fragment on top of the test kernel's
# (tinyconfig plus config/*.config), so that the code the series touches
# is compiled with each option that selects it turned the other way.
# i386.config is the test kernel built for 32-bit x86 (config/i386/ too).
# A fragment's request that the configuration does not meet, or a
# compiler warning, fails the build.  Objects in <tree>/out-matrix-<name>.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

src=${1:-$tree}
[ -d "$src" ] || die "$src missing: run scripts/prepare-tree.sh"
export CCACHE_DEPEND=1
out="" arch=""
kmake() {
	make -C "$src" O="$out" ARCH="$arch" LOCALVERSION= CC="$top/scripts/ccache-cc" \
		-j"$(nproc)" -s "$@"
}

for frag in "$top"/config/matrix/*.config; do
	name=$(basename "$frag" .config)
	out=$src/out-matrix-$name
	arch=x86_64
	fragments=("$top"/config/*.config)
	if [ "$name" = i386 ]; then
		arch=i386
		fragments+=("$top"/config/i386/*.config)
	fi
	fragments+=("$frag")
	echo "== $name"
	mkdir -p "$out"
	kmake tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		"${fragments[@]}" >/dev/null
	kmake olddefconfig
	while read -r line; do
		sym=${line#\# }
		sym=${sym%%[= ]*}
		case "$line" in
		\#*) ! grep -q "^$sym=" "$out/.config" ;;
		*) grep -qx "$line" "$out/.config" ;;
		esac || die "$name: wanted '$line', got '$(grep "^$sym=\|$sym is not set" "$out/.config")'"
	done < <(grep -hE '^(CONFIG_|# CONFIG_.* is not set)' "$frag")
	log=$out/build.log
	kmake bzImage modules >"$log" 2>&1 || { tail -n 30 "$log"; die "$name: the build failed"; }
	if grep -q 'warning:' "$log"; then
		grep -B2 -A5 'warning:' "$log" | head -n 40
		die "$name: the build warns"
	fi
done
echo "all $(find "$top"/config/matrix -name '*.config' | wc -l) configurations build"
