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

# The archive the machine is configured for: the one serving Debian's own
# release (not its security or update suites, nor another origin's suite
# of the same name).
release=$(. /etc/os-release && echo "$VERSION_CODENAME")
# shellcheck disable=SC2016 # apt expands $(REPO_URI), not the shell
uri=$(apt-get indextargets --release-info --format '$(REPO_URI) $(RELEASE) $(ORIGIN)' |
	awk -v r="$release" '$2 == r && $3 == "Debian" { print $1; exit }')
[ -n "$uri" ] || die "no apt source for Debian $release to derive the archive from"

apt=$build/apt
rm -rf "$apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$build/dl"
# apt downloads as its unprivileged user, which must be able to write here.
chown -R _apt "$apt"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri $base_suite main" \
	>"$apt/sources.list"
opts=(-o Dir::Etc::sourcelist="$apt/sources.list" -o Dir::Etc::sourceparts=/dev/null
	-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
	-o Dir::State::status=/dev/null)

echo "fetching $base_pkg $base_version from $base_suite"
apt-get "${opts[@]}" -q update >"$apt/update.log" 2>&1 ||
	{ cat "$apt/update.log" >&2; die "apt-get update of $base_suite failed"; }
found=$(apt-cache "${opts[@]}" madison "$base_pkg" | awk -F' *[|] *' '{ print $2 }' | paste -sd ' ')
case " $found " in
*" $base_version "*) ;;
*) die "$base_pkg $base_version is not in $base_suite (found: ${found:-none})" ;;
esac
(cd "$apt" && apt-get "${opts[@]}" -q download "$base_pkg=$base_version" >/dev/null)
dpkg-deb --fsys-tarfile "$apt/${base_pkg}_${base_version//:/%3a}_all.deb" |
	tar -xO "./usr/src/$base_pkg.tar.xz" >"$base_tarball.tmp"
mv "$base_tarball.tmp" "$base_tarball"
rm -rf "$apt/cache" "$apt"/*.deb
