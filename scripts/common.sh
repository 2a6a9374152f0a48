# shellcheck shell=bash disable=SC2034 # the variables are for the scripts that source this
# Sourced by the scripts next to it: where things live and which kernel is the
# base.  Everything else is derived from these names.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$top/build
# The series lives in build/ (linux/ is the git tree, tag "base" plus
# patches/, with its kernel build in linux/out; guest/ its initramfs).
# build/base/ holds the same for the unpatched base, linux/ being a worktree
# of tag "base".  A detector kernel ("debug", "kcsan") is the series built
# with config/<name>/ too, in linux/out-<name>, with its guest in
# build/<name>/guest.
tree=$build/linux
base_tree=$build/base/linux

# The base is Debian's linux-source-6.12 at one exact version, so that the
# series applies to the same bytes on every machine.
base_pkg=linux-source-6.12
base_pkg_version=6.12.118-1~deb12u1
base_tarball=/usr/src/linux-source-6.12.tar.xz

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# kdir_of KERNEL: the directory holding guest/ of a kernel: "series",
# "base", a detector kernel, or "each" (scripts/build-each.sh's tree)
kdir_of() {
	case "$1" in
	series) echo "$build" ;;
	base | debug | kcsan | each) echo "$build/$1" ;;
	*) die "unknown kernel '$1' (want series, base, debug or kcsan)" ;;
	esac
}

# ksrc_of KERNEL: its source tree; kout_of KERNEL: its build output
ksrc_of() {
	case "$1" in
	debug | kcsan) echo "$tree" ;;
	*) echo "$(kdir_of "$1")/linux" ;;
	esac
}

kout_of() {
	case "$1" in
	debug | kcsan) echo "$tree/out-$1" ;;
	*) echo "$(ksrc_of "$1")/out" ;;
	esac
}
