#!/bin/bash
# "make demo": build the series kernel and its guest, boot it in QEMU and
# play a power manager's life (guest/demo.sh) as a transcript.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

scripts=$top/scripts
echo "building the series kernel and its guest (minutes the first time)"
"$scripts/build.sh" series
"$scripts/run-qemu.sh" -k series -t 300 -a quiet "$top/guest/demo.sh"
