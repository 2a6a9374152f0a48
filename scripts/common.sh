# shellcheck shell=bash disable=SC2034 # the variables are for the scripts that source this
# Sourced by the scripts next to it: where things live and which kernel is the
# base.  Everything else is derived from these names.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$top/build
# The series (patches/) lives in build/ (linux/ is the git tree, tag "base"
# plus patches/, with its kernel build in linux/out; guest/ its initramfs).
# build/base/ holds the same for the unpatched base, linux/ being a worktree
# of tag "base".  The "debug" kernel is the series built with config/debug/
# too, in linux/out-debug, with its guest in build/debug/guest; the "kcsan"
# kernel is built the same way from build/kcsan/linux, a worktree of the
# series plus the x86 fix of x86/ (scripts/prepare-kcsan-tree.sh).  The stable backport (stable/6.12/) and its base are
# laid out the same way in build/stable/ and build/stable-base/.  "i386"
# and "i386-base" are the series and the base built for 32-bit x86, in
# linux/out-i386 and base/linux/out-i386, their guests in build/i386/ and
# build/i386-base/; what their guests run is built 32-bit in build/i386/
# (userland_of).  "without" is the series without one of its fixes
# (scripts/check-fixes.sh), in build/without/linux, a worktree.
tree=$build/linux
# What the kselftests ask of a kernel (as "make kselftest-merge" merges it):
# every test kernel is built from it, on top of config/, so that a kernel
# built from the fragment alone runs them all.  The series' own, whatever
# the kernel, as the kselftests are.
selftest_config=$tree/tools/testing/selftests/power/wakeup_count/config
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

# private_apt DIR SUITE [ARCH]: point apt at SUITE of the archive this
# machine uses (the one serving Debian's own release), for packages of
# ARCH (default the machine's), through a sources list and lists of its own
# in DIR, and fetch the suite's index; apt_opts is then what apt-get and
# apt-cache need to use them.  The system's apt and dpkg configuration is
# not touched; apt checks the suite's signature and the packages' checksums.
private_apt() {
	local dir=$1 suite=$2 arch=${3:-} release uri
	release=$(. /etc/os-release && echo "$VERSION_CODENAME")
	# shellcheck disable=SC2016 # apt expands $(REPO_URI), not the shell
	uri=$(apt-get indextargets --release-info --format '$(REPO_URI) $(RELEASE) $(ORIGIN)' |
		awk -v r="$release" '$2 == r && $3 == "Debian" { print $1; exit }')
	[ -n "$uri" ] || die "no apt source for Debian $release to derive the archive from"
	rm -rf "$dir"
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
	# apt downloads as its unprivileged user, which must be able to write here.
	chown -R _apt "$dir"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri $suite main" \
		>"$dir/sources.list"
	apt_opts=(-o Dir::Etc::sourcelist="$dir/sources.list" -o Dir::Etc::sourceparts=/dev/null
		-o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache"
		-o Dir::State::status=/dev/null)
	[ -z "$arch" ] || apt_opts+=(-o APT::Architecture="$arch" -o APT::Architectures::="$arch")
	apt-get "${apt_opts[@]}" -q update >"$dir/update.log" 2>&1 ||
		{ cat "$dir/update.log" >&2; die "apt-get update of $suite failed"; }
}

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# own_children: on exit, Ctrl-C or SIGTERM, stop every process this script
# started, with their own, then run the commands in $on_exit.  QEMU needs
# it: timeout(1) gives it a process group of its own, out of reach of the
# terminal's Ctrl-C, and nothing else stops it before its time limit.
on_exit=""
own_children() {
	trap 'stop_children $$; eval "${on_exit:-:}"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

# tool_git ARGS...: git with an identity of its own, for the commits the
# scripts make (the stand-ins and the applied series, check-fixes' reverts),
# which a fresh machine has none for; the developer's commits keep theirs.
tool_git() {
	GIT_AUTHOR_NAME=prepare-tree GIT_AUTHOR_EMAIL=prepare-tree@localhost \
		GIT_COMMITTER_NAME=prepare-tree GIT_COMMITTER_EMAIL=prepare-tree@localhost \
		git "$@"
}

# run_owned COMMAND...: run COMMAND and wait for it in a way a signal
# interrupts: bash runs a trap only once the command in the foreground
# ends, so a SIGTERM would wait for a whole test run before own_children's
# trap stops it.
run_owned() {
	"$@" &
	wait "$!"
}

# stop_children PID: SIGTERM to the processes PID started, deepest first
stop_children() {
	local child
	for child in $(pgrep -P "$1"); do
		stop_children "$child"
		kill "$child" 2>/dev/null || true
	done
}

# kdir_of KERNEL: the directory holding guest/ of a kernel: "series",
# "base", a detector kernel, "each" (scripts/build-each.sh's tree),
# "without", "stable" or "stable-base"
kdir_of() {
	case "$1" in
	series) echo "$build" ;;
	base | debug | kcsan | each | without | stable | stable-base | i386 | i386-base) echo "$build/$1" ;;
	*) die "unknown kernel '$1' (want series, base, debug, kcsan, each, without, stable, stable-base, i386 or i386-base)" ;;
	esac
}

# ksrc_of KERNEL: its source tree; kout_of KERNEL: its build output
ksrc_of() {
	case "$1" in
	debug | i386) echo "$tree" ;;
	i386-base) echo "$base_tree" ;;
	*) echo "$(kdir_of "$1")/linux" ;;
	esac
}

kout_of() {
	case "$1" in
	debug) echo "$tree/out-debug" ;;
	i386 | i386-base) echo "$(ksrc_of "$1")/out-i386" ;;
	*) echo "$(ksrc_of "$1")/out" ;;
	esac
}

# arch_of KERNEL: its ARCH for make; userland_of ARCH: where the programs
# the guests of that architecture run are built (busybox for i386,
# kselftest/, tools/)
arch_of() {
	case "$1" in
	i386 | i386-base) echo i386 ;;
	*) echo x86_64 ;;
	esac
}

userland_of() {
	case "$1" in
	i386) echo "$build/i386" ;;
	*) echo "$build" ;;
	esac
}

# kernel_make SRC OUT ARCH ARGS...: make in the kernel tree SRC, building
# into OUT, through ccache.  With the output a subdirectory of the source,
# Kbuild names every source path relative to it, so that two trees compile
# with the same commands.  ccache's depend mode hashes what the compiler
# reports it read instead of running the preprocessor first: a cold build
# costs no more than without it.
kernel_make() {
	local src=$1 out=$2 arch=$3
	shift 3
	CCACHE_DEPEND=1 make -C "$src" O="$out" ARCH="$arch" LOCALVERSION= \
		CC="$top/scripts/ccache-cc" -j"$(nproc)" -s "$@"
}

# seed_build FROM SRC OUT ARCH: start the build OUT of the tree SRC with the
# objects of the build FROM (of SRC or of a tree at a nearby commit), so
# that make rebuilds only the files newer than them and what depends on
# config symbols that differ.  objtool is rebuilt whatever happens (the
# tools build names absolute paths) and every object depends on it; it is
# the same program, so it gets FROM's time back (i386 builds have none).
seed_build() {
	local from=$1 src=$2 out=$3 arch=$4
	cp -a "$from" "$out.tmp"
	rm -rf "$out.tmp/modroot" "$out.tmp/.fragments" "$out.tmp/.built"
	mv "$out.tmp" "$out"
	[ -f "$from/tools/objtool/objtool" ] || return 0
	kernel_make "$src" "$out" "$arch" tools/objtool
	find "$out/tools/objtool" -exec touch -h -r "$from/tools/objtool/objtool" {} +
}

# configure_kernel SRC OUT ARCH NAME FRAGMENT...: "make tinyconfig" plus
# the fragments, later ones winning, with LOCALVERSION "-NAME"
configure_kernel() {
	local src=$1 out=$2 arch=$3 name=$4
	shift 4
	mkdir -p "$out"
	kernel_make "$src" "$out" "$arch" tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$@" >/dev/null
	"$src/scripts/config" --file "$out/.config" --set-str LOCALVERSION "-$name"
	kernel_make "$src" "$out" "$arch" olddefconfig
}

# config_check SRC OUT FRAGMENT...: fail, saying which, when OUT/.config
# does not meet a request of the fragments (merge_config only warns); of
# two requests for a symbol, the last counts.  Only the series has all the
# symbols config/ names: another tree is held only to the ones it has.
config_check() {
	local src=$1 out=$2 line sym bad=0
	shift 2
	while read -r line; do
		sym=${line#\# }
		sym=${sym%%[= ]*}
		if [ "$src" != "$tree" ] && ! grep -rqx --include='Kconfig*' \
			"\(menu\)\?config ${sym#CONFIG_}" "$src"; then
			continue
		fi
		[ "$(grep -hE "^($sym=|# $sym is not set)" "$@" | tail -n 1)" = "$line" ] || continue
		case "$line" in
		\#*) ! grep -q "^$sym=" "$out/.config" ;;
		*) grep -qx "$line" "$out/.config" ;;
		esac || { echo "config: wanted '$line', got '$(grep "^$sym=\|$sym is not set" "$out/.config")'" >&2; bad=1; }
	done < <(grep -hE '^(CONFIG_|# CONFIG_.* is not set)' "$@")
	return "$bad"
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

# test_output LOG ID: what the kselftest ID ("program:name") said in a
# guest's LOG, from its RUN line to its result, so that a failure shows
# why without the log at hand (a CI run keeps none)
test_output() {
	awk -v name="${2#*:}" '
		$0 ~ "^#  RUN  *" name " " { on = 1 }
		on && /^# (status|selftest|exit): / { exit }
		on { print }
		on && $0 ~ "ok [0-9]+ " name "$" { exit }' "$1" 2>/dev/null
}
