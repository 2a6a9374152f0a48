#!/bin/bash
# Pack the guest for one kernel (see common.sh) into guest/initramfs.cpio:
# busybox, guest/init, that kernel's modules, the kselftests and the tools,
# each built for the kernel's architecture.
# Guest paths: /kselftest/<target>/ (kselftest install tree), /lib/modules/,
# /usr/local/bin/ (tools).  The payload is appended per run by run-qemu.sh.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

kernel=${1:?usage: build-initramfs.sh KERNEL}
kdir=$(kdir_of "$kernel")
out=$(kout_of "$kernel")
guest=$kdir/guest
root=$guest/root
userland=$(userland_of "$(arch_of "$kernel")")
busybox=/bin/busybox
[ "$userland" = "$build" ] || busybox=$userland/busybox
[ -x "$out/usr/gen_init_cpio" ] || die "build the $kernel kernel first"

# Packing takes seconds: skip it when no input changed.
inputs=("$0" "$busybox" "$top/guest/init" "$out/modroot" "$userland/kselftest" "$userland/tools")
key=$( { find "${inputs[@]}" -type f 2>/dev/null || true; } | sort | xargs sha256sum | sha256sum)
if [ -f "$guest/initramfs.cpio" ] && [ "$(cat "$guest/key" 2>/dev/null)" = "$key" ]; then
	exit 0
fi
rm -f "$guest/key"

rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,usr/local/bin,proc,sys,dev,tmp,root,mnt,lib}
cp "$busybox" "$root/bin/busybox"
# The host's busybox names the applets: the same Debian build, which the
# host may not be able to run for another architecture.
for applet in $(/bin/busybox --list-full); do
	[ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done
# The kernel's run_kselftest.sh calls "timeout --foreground", an option of
# coreutils that busybox's timeout lacks, and takes coreutils' 124 for a
# timeout, where busybox's exits with the program killed by SIGTERM (143):
# every guest's timeout drops the option and says 124.
rm -f "$root/usr/bin/timeout"
cat >"$root/usr/bin/timeout" <<'EOF'
#!/bin/sh
[ "$1" != --foreground ] || shift
busybox timeout "$@"
rc=$?
[ "$rc" -ne 143 ] || rc=124
exit "$rc"
EOF
chmod 755 "$root/usr/bin/timeout"
install -m 755 "$top/guest/init" "$root/init"
cp -a "$out/modroot/lib/modules" "$root/lib/"
[ ! -d "$userland/kselftest" ] || cp -a "$userland/kselftest" "$root/kselftest"
[ ! -d "$userland/tools" ] || cp -a "$userland/tools/." "$root/usr/local/bin/"
# The reference power manager is built with the kselftests that test it.
[ ! -x "$root/kselftest/power/wakeup_count/wakeup-pm" ] ||
	ln -s /kselftest/power/wakeup_count/wakeup-pm "$root/usr/local/bin/wakeup-pm"

# /dev/console must exist before devtmpfs is mounted: the kernel opens it for
# init's standard streams.
echo "nod /dev/console 0600 0 0 c 5 1" >"$guest/extra.list"
# One fixed mtime for every file: the same guest packs to the same bytes,
# which lets make check tell that the base kernel's guest did not change.
(cd "$out" && sh "$(ksrc_of "$kernel")/usr/gen_initramfs.sh" -o "$guest/initramfs.cpio.tmp" \
	-u squash -g squash -d @0 "$root" "$guest/extra.list")
mv "$guest/initramfs.cpio.tmp" "$guest/initramfs.cpio"
echo "$key" >"$guest/key"
