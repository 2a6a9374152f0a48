#!/bin/bash
# Everything a run on the named kernels ("series", "base", "debug",
# "kcsan", "stable", "stable-base") needs, from nothing: the Debian
# packages, the mainline base, the trees, each kernel,
# the kselftests and wakeup-bench that every guest carries, and each
# kernel's guest.  Each step does nothing when its output is up to date.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

[ $# -gt 0 ] || die "usage: build.sh KERNEL..."
scripts=$top/scripts

"$scripts/install-deps.sh"
"$scripts/fetch-base.sh"
# The kselftests come from the series whatever the kernels: the stable
# backport runs mainline's tests, as LKFT does.
"$scripts/prepare-tree.sh" series
case " $* " in *" stable"*) "$scripts/prepare-tree.sh" stable ;; esac
for kernel; do
	"$scripts/build-kernel.sh" "$kernel"
done
"$scripts/build-selftests.sh"
mkdir -p "$build/tools"
[ "$build/tools/wakeup-bench" -nt "$top/bench/wakeup-bench.c" ] ||
	gcc -static -O2 -Wall -pthread -o "$build/tools/wakeup-bench" "$top/bench/wakeup-bench.c"
for kernel; do
	"$scripts/build-initramfs.sh" "$kernel"
done
