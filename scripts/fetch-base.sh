#!/bin/bash
# Download the mainline base, Debian's $base_pkg at exactly $base_version,
# and unpack its tarball into build/dl/.  The package is in a suite this
# machine's apt does not list, so apt is pointed at it through a private
# sources list and lists directory under build/apt/, on the archive the
# machine already uses; the system's apt configuration is not touched.  apt
# checks the suite's signature and the package's checksum.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

[ -f "$base_tarball" ] && exit 0

echo "fetching $base_pkg $base_version from $base_suite"
apt=$build/apt
mkdir -p "$build/dl"
private_apt "$apt" "$base_suite"
found=$(apt-cache "${apt_opts[@]}" madison "$base_pkg" | awk -F' *[|] *' '{ print $2 }' | paste -sd ' ')
case " $found " in
*" $base_version "*) ;;
*) die "$base_pkg $base_version is not in $base_suite (found: ${found:-none})" ;;
esac
(cd "$apt" && apt-get "${apt_opts[@]}" -q download "$base_pkg=$base_version" >/dev/null)
dpkg-deb --fsys-tarfile "$apt/${base_pkg}_${base_version//:/%3a}_all.deb" |
	tar -xO "./usr/src/$base_pkg.tar.xz" >"$base_tarball.tmp"
mv "$base_tarball.tmp" "$base_tarball"
rm -rf "$apt/cache" "$apt"/*.deb
