#!/bin/bash
# Boot a built kernel in QEMU (q35, TCG, 2 vCPUs, 1 GiB, serial console) with
# its guest initramfs, run a guest shell script as /payload, stream the
# console, and exit with the payload's exit status.  124 means the time limit
# was hit, 125 that the kernel died (a panic), 126 that the guest stopped
# the machine itself (powered off, restarted or hibernated) without
# reporting a status.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

usage() {
	cat >&2 <<-EOF
	usage: run-qemu.sh [-k KERNEL] [-t seconds] [-s swap.img] [-q qmp.sock]
	                   [-a "kernel args"] [-l log] [-i] [-b] [guest-script]
	  -k  kernel to boot (default series; scripts/common.sh lists them)
	  -t  time limit for the whole run (default 600)
	  -s  attach this raw image as a virtio disk (/dev/vda in the guest);
	      every guest also gets a scratch disk (serial "scratch")
	  -q  open a QMP socket at this path
	  -a  extra kernel command line (guest.loglevel=N shows kernel messages)
	  -l  also write the console to this file
	  -i  count instructions: the guest's clock advances 1 ns per emulated
	      instruction, whatever the host does (one host thread for all vCPUs)
	  -b  a bare machine, as a CI farm's QEMU is: none of the devices below
	      that the tests use (a second serial port that wakes the guest, a
	      PCI wakeup device and its ACPI table, a PCIe root port, the
	      scratch disk)
	  Without a guest script the guest runs an interactive shell.
	EOF
	exit 2
}

kernel=series timeout=600 swap="" qmp="" append="" log="" icount=0 bare=0
while getopts "k:t:s:q:a:l:ibh" opt; do
	case "$opt" in
	k) kernel=$OPTARG ;;
	t) timeout=$OPTARG
	   [[ $timeout =~ ^[0-9]+$ ]] || usage ;;
	s) swap=$OPTARG ;;
	q) qmp=$OPTARG ;;
	a) append=$OPTARG ;;
	l) log=$OPTARG ;;
	i) icount=1 ;;
	b) bare=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 1 ] || usage
payload=${1:-}

kdir=$(kdir_of "$kernel")
qemu=qemu-system-$(arch_of "$kernel")
out=$(kout_of "$kernel")
image=$out/arch/x86/boot/bzImage
initramfs=$kdir/guest/initramfs.cpio
if [ ! -f "$image" ] || [ ! -f "$initramfs" ]; then
	die "build the $kernel kernel and guest first (make guest KERNEL=$kernel)"
fi
[ -z "$payload" ] || [ -f "$payload" ] || die "no guest script $payload"
[ -z "$swap" ] || [ -f "$swap" ] || die "no disk image $swap"

tmp=$(mktemp -d)
on_exit="rm -rf '$tmp'"
own_children
# Linux unpacks concatenated cpio archives in order, so the payload is a
# second archive appended to the prebuilt one: no repacking per run.
cp "$initramfs" "$tmp/initrd"
if [ -n "$payload" ]; then
	echo "file /payload $(realpath "$payload") 0755 0 0" >"$tmp/payload.list"
	"$out/usr/gen_init_cpio" "$tmp/payload.list" >>"$tmp/initrd"
fi

# No 5-level paging: on 7.3.4, KASAN (make check-debug) reported a
# "wild-memory-access" on an irq_desc lock at a 5-level direct-map address
# when an interrupt came during arch_cpu_finalize_init(), in about one boot
# in ten; nothing of the series runs that early.  TCG's CPU says it is an
# AMD family 6 model 6 (an Athlon) without the multiprocessor flag, which a
# 32-bit kernel warns about unless the stepping is one of those that had
# it: an i386 guest gets stepping 1.
#
# One CPU for i386: under QEMU 7.2's TCG, its second CPU, taken down and
# started again (S3, hibernation), hung now and then in SeaBIOS's own CPU
# entry, in real mode, and the guest with it (README, "Known problems").
# What needs two CPUs runs on x86-64.
cpu=max,la57=off
smp=2
if [ "$(arch_of "$kernel")" != x86_64 ]; then
	cpu=$cpu,stepping=1
	smp=1
fi
args=(-machine q35 -accel tcg -cpu "$cpu" -smp "$smp" -m 1G
	-display none -serial mon:stdio -no-reboot -nic none -vga none
	-device "isa-debug-exit,iobase=0xf4,iosize=0x04"
	-kernel "$image" -initrd "$tmp/initrd"
	-append "console=ttyS0 panic=-1 $append")
# Virtio disks, named by their serial in the guest: the swap disk, when
# given, first (/dev/vda), then the extras' scratch disk.
disks=()
[ -z "$swap" ] || disks+=("swap=$swap")
if [ "$bare" -eq 0 ]; then
	# Nothing in QEMU wakes suspend-to-idle but a device interrupt: once
	# the guest writes a digit N (1-9) to ttyS1, a byte arrives there
	# every second from N seconds on, until it writes anything else (see
	# README).  A byte that comes before the port's suspend callback
	# armed its wakeup is mere input: the next one still wakes the guest.
	mkfifo "$tmp/ttyS1.in" "$tmp/ttyS1.out"
	args+=(-chardev "pipe,id=ttyS1,path=$tmp/ttyS1" -serial chardev:ttyS1)
	# A PCI device that firmware marks as a wakeup device
	# (guest/pci-wakeup.asl), and a PCIe root port for the PME service
	# to bind to.
	iasl -p "$tmp/pci-wakeup" "$top/guest/pci-wakeup.asl" >/dev/null
	args+=(-acpitable "file=$tmp/pci-wakeup.aml" -device "pci-testdev,addr=0x10"
		-device "pcie-root-port,id=rp0,bus=pcie.0,addr=0x11,chassis=1")
	# A scratch disk for the tests that need a block device to dirty,
	# sparse and gone with the run.
	truncate -s 512M "$tmp/scratch.img"
	disks+=("scratch=$tmp/scratch.img")
fi
for i in "${!disks[@]}"; do
	name=${disks[$i]%%=*}
	args+=(-drive "file=${disks[$i]#*=},if=none,id=$name,format=raw"
		-device "virtio-blk-pci,drive=$name,serial=$name,addr=$((8 + i))")
done
[ -z "$qmp" ] || args+=(-qmp "unix:$qmp,server=on,wait=off")
# sleep=off: an idle guest skips ahead instead of waiting in real time.
[ "$icount" -eq 0 ] || args+=(-icount "shift=0,sleep=off")

if [ -z "$payload" ]; then
	"$qemu" "${args[@]}"
	exit 0
fi

# The firmware clears the screen and resets the terminal; keep the stream
# plain text, one line per line.
console=$tmp/console
# ttyS1's bytes (see above).
feed_ttyS1() {
	local wait_s="" c rc
	while :; do
		rc=0
		IFS= read -r -n 1 ${wait_s:+-t "$wait_s"} c || rc=$?
		if [ "$rc" -eq 0 ]; then
			case $c in [1-9]) wait_s=$c ;; *) wait_s="" ;; esac
		elif [ "$rc" -gt 128 ]; then
			printf . && wait_s=1
		else
			break
		fi
	done <"$tmp/ttyS1.out" >"$tmp/ttyS1.in" 2>/dev/null
}
if [ "$bare" -eq 0 ]; then
	feed_ttyS1 &
fi
# A guest that hangs leaves only its time limit: the kernel prints nothing
# below emergencies and has no SysRq.  So, 15 s before the limit, the
# report of where its vCPUs are is taken, and kept if the limit is hit.
args+=(-qmp "unix:$tmp/hang.qmp,server=on,wait=off")
if [ "$timeout" -gt 30 ]; then
	{
		sleep $((timeout - 15)) &&
			"$top/scripts/hang-report.py" "$tmp/hang.qmp" \
				"$out/System.map" "$smp" >"$tmp/hang.report"
	} &
fi
# QEMU in the background, so that a signal stops it at once (see
# own_children); its command line is the first line of the console.
(
	printf 'run-qemu:'
	printf ' %q' "$qemu" "${args[@]}"
	echo
	set +e
	timeout -k 10 "$timeout" "$qemu" "${args[@]}" </dev/null
	echo $? >"$tmp/qemu.rc"
) | sed -u 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1bc//g; s/\r$//' |
	tee "$console" ${log:+"$log"} &
wait $!
qemu_rc=$(cat "$tmp/qemu.rc")

status=$(sed -n 's/^<<<guest-exit \([0-9]*\)>>>$/\1/p' "$console" | tail -n 1)
if [ -n "$status" ]; then
	exit "$status"
elif [ "$qemu_rc" -eq 124 ]; then
	{
		printf '\nrun-qemu: %s kernel: time limit of %ss hit\n' "$kernel" "$timeout"
		[ ! -f "$tmp/hang.report" ] || sed 's/^/run-qemu: /' "$tmp/hang.report"
	} | tee -a ${log:+"$log"} >&2
	exit 124
fi
if grep -q "Kernel panic" "$console"; then
	echo "run-qemu: $kernel kernel: the kernel panicked" >&2
	exit 125
fi
echo "run-qemu: $kernel kernel: the guest stopped the machine without an exit status" >&2
exit 126
