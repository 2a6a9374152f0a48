#!/bin/bash
# Build the series' kselftests under tools/testing/selftests/power/, linked
# statically for the busybox guest, and install them in build/kselftest (the
# guest's /kselftest); "build-selftests.sh i386" builds them 32-bit for the
# i386 guests, in build/i386/kselftest.  Every kernel of an architecture
# runs these same binaries.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

arch=${1:-x86_64}
case "$arch" in
x86_64) m=() ;;
i386) m=(-m32) ;;
*) die "usage: build-selftests.sh [i386]" ;;
esac
userland=$(userland_of "$arch")
out=$userland/kselftest-build	# the series' UAPI headers and the objects
[ -d "$tree" ] || die "$tree missing: run scripts/prepare-tree.sh"

targets=()
for mk in "$tree"/tools/testing/selftests/power/*/Makefile; do
	[ -f "$mk" ] || continue
	d=${mk%/Makefile}
	targets+=("power/${d##*/}")
done

rm -rf "$userland/kselftest"
make -C "$tree" O="$out" ARCH="$arch" -s headers
[ ${#targets[@]} -gt 0 ] || exit 0
make -C "$tree/tools/testing/selftests" O="$out" ARCH="$arch" TARGETS="${targets[*]}" \
	USERCFLAGS="${m[*]}" USERLDFLAGS="-static ${m[*]}" KSFT_INSTALL_PATH="$userland/kselftest" \
	-s -j"$(nproc)" install >/dev/null
