# shellcheck shell=bash disable=SC2034 # the variables are for the scripts that source this
# Sourced by the scripts next to it: where things live and which kernel is the
# base.  Everything else is derived from these names.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$top/build
# The series (patches/) lives in build/ (linux/ is the git tree, tag "base"
# plus patches/, with its kernel build in linux/out; guest/ its initramfs).
# build/base/ holds the same for the unpatched base, linux/ being a worktree
# of tag "base".  A detector kernel ("debug", "kcsan") is the series built
# with config/<name>/ too, in linux/out-<name>, with its guest in
# build/<name>/guest.  The stable backport (stable/6.12/) and its base are
# laid out the same way in build/stable/ and build/stable-base/.
tree=$build/linux
base_tree=$build/base/linux
stable_tree=$build/stable/linux
stable_base_tree=$build/stable-base/linux
stable_patches=$top/stable/6.12

# The base is mainline as Debian packages it, at one exact version, so that
# the series applies to the same bytes on every machine.  It is in a suite
# this machine's apt does not list: scripts/fetch-base.sh gets it.
base_pkg=linux-source-7.3
base_version=7.3.4-1~bpo13+1
base_suite=trixie-backports
base_tarball=$build/dl/${base_pkg}_$base_version.tar.xz
# The stable backport's base is 6.12 LTS as Debian 12 ships it, installed
# with apt by scripts/install-deps.sh.
stable_pkg=linux-source-6.12
stable_version=6.12.118-1~deb12u1
stable_tarball=/usr/src/$stable_pkg.tar.xz

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# kdir_of KERNEL: the directory holding guest/ of a kernel: "series",
# "base", a detector kernel, "each" (scripts/build-each.sh's tree),
# "stable" or "stable-base"
kdir_of() {
	case "$1" in
	series) echo "$build" ;;
	base | debug | kcsan | each | stable | stable-base) echo "$build/$1" ;;
	*) die "unknown kernel '$1' (want series, base, debug, kcsan, stable or stable-base)" ;;
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

# patched_of KERNEL: the patched tree a kernel is built from or compared
# with: the stable backport's for "stable" and "stable-base", else the
# series'
patched_of() {
	case "$1" in
	stable | stable-base) echo "$stable_tree" ;;
	*) echo "$tree" ;;
	esac
}
