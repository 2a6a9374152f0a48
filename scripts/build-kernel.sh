#!/bin/bash
# Configure and build one kernel (scripts/common.sh names them) with its
# modules: "make tinyconfig" plus config/*.config and the kselftests' config,
# and config/<name>/*.config for the detector kernels "debug" and "kcsan"
# and for the i386 ones.  For an unpatched base the test modules of its
# patched tree are built out of tree, so that both kernels run the same
# tests.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

kernel=${1:?usage: build-kernel.sh KERNEL}
src=$(ksrc_of "$kernel")
out=$(kout_of "$kernel")
arch=$(arch_of "$kernel")
patched=$(patched_of "$kernel")
[ -d "$src" ] || die "$src missing: run scripts/prepare-tree.sh"

# Test modules of the series that must also load into the base kernel.
ext_modules=(drivers/base/test/test_pm_wakeup.c drivers/base/test/test_pm_wakeup_bench.c)

kmake() { kernel_make "$src" "$out" "$arch" "$@"; }

# The first build of another tree (a base, build-each's or check-fixes')
# starts from the objects of its patched tree (seed_build): the commands
# are the same, and the files where the tree differs from the patched work
# tree are made newer than every object, so that make rebuilds exactly
# those, plus what depends on the config symbols that differ.  Were this
# ever wrong, the base would pass the tests its fails-on list names: make
# check says so.
series_out=$patched/out
[ "$arch" = x86_64 ] || series_out=$patched/out-$arch
unpatched=0
case "$kernel" in base | stable-base | i386-base) unpatched=1 ;; esac
case "$kernel" in each | without) seeded=1 ;; *) seeded=$unpatched ;; esac
if [ "$seeded" -eq 1 ] && [ ! -d "$out" ] && [ -f "$series_out/vmlinux" ]; then
	echo "seeding the $kernel build with the objects of ${patched#"$top"/}"
	git -C "$patched" diff --name-only "$(git -C "$src" rev-parse HEAD)" -- |
		(cd "$src" && xargs -r touch -c --)
	seed_build "$series_out" "$src" "$out" "$arch"
fi

# A detector kernel's own fragments, or those of the architecture.
extra=$kernel
[ "$arch" = x86_64 ] || extra=$arch
fragments=("$top"/config/*.config "$selftest_config")
[ ! -d "$top/config/$extra" ] || fragments+=("$top/config/$extra"/*.config)
stamp=$(cat "${fragments[@]}" | sha256sum | cut -d' ' -f1)
# Configure afresh when config/ or a Kconfig file of the tree changed, so that
# a patch adding an option the fragments ask for gets it.
if [ ! -f "$out/.config" ] || [ "$(cat "$out/.fragments" 2>/dev/null)" != "$stamp" ] ||
	[ -n "$(find "$src" -name 'Kconfig*' -newer "$out/.fragments" -print -quit)" ]; then
	echo "configuring $kernel kernel"
	configure_kernel "$src" "$out" "$arch" "$kernel" "${fragments[@]}"
	config_check "$src" "$out" "${fragments[@]}" ||
		die "$kernel kernel config does not have what config/ asks for"
	echo "$stamp" >"$out/.fragments"
fi

# A kernel built from a clean tree at the same commit, with the same
# config (and, for the base, the same external modules), is up to date:
# say so without walking the tree, which takes make several seconds.
built=$( { git -C "$src" rev-parse HEAD; cat "$out/.config"
	[ "$unpatched" -eq 0 ] || (cd "$patched" && cat "${ext_modules[@]}" 2>/dev/null) || true; } | sha256sum)
clean=0
[ -n "$(git -C "$src" status --porcelain --untracked-files=no)" ] || clean=1
if [ "$clean" -eq 1 ] && [ "$(cat "$out/.built" 2>/dev/null)" = "$built" ] &&
	[ -f "$out/arch/x86/boot/bzImage" ] && [ -d "$out/modroot" ]; then
	echo "$kernel kernel: built from this commit already"
	exit 0
fi
rm -f "$out/.built"

echo "building $kernel kernel"
kmake bzImage modules

modroot=$out/modroot
rm -rf "$modroot"
kmake INSTALL_MOD_PATH="$modroot" INSTALL_MOD_STRIP=1 modules_install
if [ "$unpatched" -eq 1 ]; then
	ext=$out/ext
	rm -rf "$ext"
	mkdir -p "$ext"
	for m in "${ext_modules[@]}"; do
		[ -f "$patched/$m" ] || continue
		cp "$patched/$m" "$ext/"
		echo "obj-m += $(basename "$m" .c).o" >>"$ext/Kbuild"
	done
	if [ -f "$ext/Kbuild" ]; then
		kmake M="$ext" modules
		kmake M="$ext" INSTALL_MOD_PATH="$modroot" INSTALL_MOD_STRIP=1 modules_install
	fi
fi
[ "$clean" -eq 0 ] || echo "$built" >"$out/.built"
