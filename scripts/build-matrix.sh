#!/bin/bash
# Build a tree of the series (default build/linux) in every configuration
# of config/matrix/: each fragment on top of the test kernel's (tinyconfig
# plus config/*.config and the kselftests' config), so that the code the
# series touches is compiled with each option that selects it turned the
# other way.  i386.config is the test kernel built for 32-bit x86
# (config/i386/ too).  A request of the fragment that the configuration
# does not meet, a build error or a warning (compiler, modpost, Kconfig)
# fails it.  Objects go to <tree>/out-matrix-<name>, first seeded with
# those of the test kernel's build, so that only what the configuration
# changes is compiled.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

src=${1:-$tree}
[ -d "$src" ] || die "$src missing: run scripts/prepare-tree.sh"

n=0
for frag in "$top"/config/matrix/*.config; do
	name=$(basename "$frag" .config)
	out=$src/out-matrix-$name
	arch=x86_64 seed=$src/out
	fragments=("$top"/config/*.config "$selftest_config")
	if [ "$name" = i386 ]; then
		arch=i386 seed=$src/out-i386
		fragments+=("$top"/config/i386/*.config)
	fi
	fragments+=("$frag")
	echo "== $name"
	log=$out.log
	[ -d "$out" ] || [ ! -f "$seed/vmlinux" ] || seed_build "$seed" "$src" "$out" "$arch"
	# Configured again only when the fragments or a Kconfig file changed
	# (make build-each MATRIX=1 builds every commit in every configuration).
	stamp=$(cat "${fragments[@]}" | sha256sum | cut -d' ' -f1)
	configure=0
	if [ ! -f "$out/.config" ] || [ "$(cat "$out/.fragments" 2>/dev/null)" != "$stamp" ] ||
		[ -n "$(find "$src" -name 'Kconfig*' -newer "$out/.fragments" -print -quit)" ]; then
		configure=1
		rm -f "$out/.fragments"
	fi
	{
		if [ "$configure" -eq 1 ]; then
			configure_kernel "$src" "$out" "$arch" "matrix-$name" "${fragments[@]}" &&
				config_check "$src" "$out" "$frag" &&
				echo "$stamp" >"$out/.fragments"
		fi &&
			kernel_make "$src" "$out" "$arch" bzImage modules
	} >"$log" 2>&1 || { tail -n 30 "$log"; die "$name: the build failed"; }
	if grep -qi 'warning' "$log"; then
		{ grep -i -B2 -A5 'warning' "$log" || true; } | head -n 40
		# Compile the files that warned again next time: their objects
		# are up to date now, and would hide the warning.
		{ grep -o '^[^ :]*\.[ch]:[0-9]*:[0-9]*: warning' "$log" || true; } | cut -d: -f1 |
			sed 's|^\.\./||' | sort -u | (cd "$src" && xargs -r touch -c --)
		die "$name: the build warns (log: ${log#"$top"/})"
	fi
	n=$((n + 1))
done
echo "all $n configurations build"
