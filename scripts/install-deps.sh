#!/bin/bash
# Install the Debian packages the build and the tests need, and nothing when
# they are all present, so that a warm "make check" never touches apt.
# "install-deps.sh bench" adds what only "make bench" needs.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

pkgs=(
	gcc make libc6-dev bc bison flex libelf-dev libssl-dev perl python3 python3-ply python3-git
	git cpio xz-utils rsync kmod ccache shellcheck file gcc-multilib procps
	busybox-static qemu-system-x86 acpica-tools python3-sphinx python3-yaml groff-base
	"$stable_pkg=$stable_version"
)
[ "${1:-}" != bench ] || pkgs+=(gnuplot-nox)

missing=()
for p in "${pkgs[@]}"; do
	name=${p%%=*}
	want=${p#*=}
	have=$(dpkg-query -W -f='${db:Status-Abbrev}${Version}' "$name" 2>/dev/null || true)
	case "$have" in
	ii*) [ "$name" = "$p" ] || [ "${have#ii }" = "$want" ] || missing+=("$p") ;;
	*) missing+=("$p") ;;
	esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

[ "$(id -u)" -eq 0 ] || die "need root to install: ${missing[*]}"
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}" ||
	die "apt could not install ${missing[*]} (is $stable_pkg $stable_version still in the archive?)"
