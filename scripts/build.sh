#!/bin/bash
# Everything a run on the named kernels ("series", "base", "debug",
# "kcsan", "stable", "stable-base", "i386", "i386-base") needs, from
# nothing: the Debian
# packages, the mainline base, the trees, each kernel,
# the kselftests and wakeup-bench that every guest carries, and each
# kernel's guest.  Each step does nothing when its output is up to date.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

[ $# -gt 0 ] || die "usage: build.sh KERNEL..."
scripts=$top/scripts
archs=()
for kernel; do
	arch=$(arch_of "$kernel")
	case " ${archs[*]} " in *" $arch "*) ;; *) archs+=("$arch") ;; esac
done

"$scripts/install-deps.sh"
"$scripts/fetch-base.sh"
case " ${archs[*]} " in *" i386 "*) "$scripts/fetch-busybox-i386.sh" ;; esac
# The kselftests come from the series whatever the kernels: the stable
# backport runs mainline's tests, as LKFT does.
"$scripts/prepare-tree.sh" series
case " $* " in *" stable"*) "$scripts/prepare-tree.sh" stable ;; esac
case " $* " in *" kcsan "*) "$scripts/prepare-kcsan-tree.sh" ;; esac
for kernel; do
	"$scripts/build-kernel.sh" "$kernel"
done
for arch in "${archs[@]}"; do
	"$scripts/build-selftests.sh" "$arch"
	tools=$(userland_of "$arch")/tools
	mkdir -p "$tools"
	m=()
	[ "$arch" = x86_64 ] || m=(-m32)
	[ "$tools/wakeup-bench" -nt "$top/bench/wakeup-bench.c" ] ||
		gcc -static -O2 -Wall -pthread "${m[@]}" -o "$tools/wakeup-bench" "$top/bench/wakeup-bench.c"
done
for kernel; do
	"$scripts/build-initramfs.sh" "$kernel"
done
