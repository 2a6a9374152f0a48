#!/bin/bash
# Download Debian's busybox-static for i386, the same release as the
# host's, and put its busybox in build/i386/ for the i386 guests.  dpkg
# need not know the architecture: apt looks at the release's i386 index
# through a list of its own in build/apt-i386/ (private_apt).
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

busybox=$(userland_of i386)/busybox
[ -x "$busybox" ] && exit 0

echo "fetching busybox-static for i386"
apt=$build/apt-i386
private_apt "$apt" "$(. /etc/os-release && echo "$VERSION_CODENAME")" i386
(cd "$apt" && apt-get "${apt_opts[@]}" -q download busybox-static >/dev/null)
dpkg-deb -x "$apt"/busybox-static_*_i386.deb "$apt/root"
# /bin in Debian 12's package, /usr/bin in later ones.
found=$(find "$apt/root" -path '*/bin/busybox' -type f | head -n 1)
[ -n "$found" ] || die "no busybox in the busybox-static package"
mkdir -p "${busybox%/*}"
install -m 755 "$found" "$busybox"
rm -rf "$apt"
