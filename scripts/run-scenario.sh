#!/bin/bash
# Run a guest scenario that boots the machine more than once, all boots
# sharing one fresh swap disk (/dev/vda, resume=/dev/vda), and check how each
# boot ends against the script's "# boots:" line: a number is the exit status
# the script must report, "off" means the machine must stop by itself
# (power off, restart or hibernate) without reporting one.  The script's
# "# append:" lines, if any, are added to each boot's kernel command line.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

kernel=${1:?usage: run-scenario.sh KERNEL script [log]}
script=${2:?usage: run-scenario.sh KERNEL script [log]}
log=${3:-/dev/null}

read -r -a expect < <(sed -n 's/^# boots: //p' "$script")
[ ${#expect[@]} -gt 0 ] || die "$script has no '# boots:' line"
append=$(sed -n 's/^# append: //p' "$script" | paste -sd' ')

tmp=$(mktemp -d)
on_exit="rm -rf '$tmp'"
own_children
truncate -s 256M "$tmp/swap.img"

: >"$log"
got=()
for i in "${!expect[@]}"; do
	boot=$((i + 1))
	rc=0
	"$top/scripts/run-qemu.sh" -k "$kernel" -t 300 -s "$tmp/swap.img" \
		-a "quiet resume=/dev/vda guest.boot=$boot${append:+ $append}" "$script" >>"$log" 2>&1 || rc=$?
	case "$rc" in
	126) got+=(off) ;;
	*) got+=("$rc") ;;
	esac
	[ "${got[$i]}" = "${expect[$i]}" ] || break
done
[ "${got[*]}" = "${expect[*]}" ] && exit 0
echo "$kernel: $(basename "$script"): boots ended '${got[*]}', expected '${expect[*]}'" >&2
exit 1
