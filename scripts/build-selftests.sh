#!/bin/bash
# Build the series' kselftests under tools/testing/selftests/power/, linked
# statically for the busybox guest, and install them in build/kselftest (the
# guest's /kselftest).  Both kernels run these same binaries.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

out=$build/kselftest-build	# the series' UAPI headers and the objects
[ -d "$tree" ] || die "$tree missing: run scripts/prepare-tree.sh"

targets=()
for mk in "$tree"/tools/testing/selftests/power/*/Makefile; do
	[ -f "$mk" ] || continue
	d=${mk%/Makefile}
	targets+=("power/${d##*/}")
done

rm -rf "$build/kselftest"
make -C "$tree" O="$out" ARCH=x86_64 -s headers
[ ${#targets[@]} -gt 0 ] || exit 0
make -C "$tree/tools/testing/selftests" O="$out" TARGETS="${targets[*]}" \
	USERLDFLAGS=-static KSFT_INSTALL_PATH="$build/kselftest" \
	-s -j"$(nproc)" install >/dev/null
