#!/usr/bin/env python3
"""hang-report.py CONSOLE SYSTEM.MAP: where a hung guest's vCPUs were.

run-qemu.sh has QEMU's monitor print, into the console, each vCPU's
registers ("info registers -a") and the top of its stack ("x" at the stack
pointer) when a guest hits its time limit: the tests' kernels print only
emergencies and have no SysRq, so that is all a hang leaves.  This prints,
per vCPU, whether it was halted (idle), the function it was in, and the
kernel functions whose addresses its stack holds, innermost first: like the
kernel's own "?" lines, candidates, not a verified call chain.
"""
import bisect
import re
import sys


def text_symbols(path):
    """The sorted addresses and names of System.map's text symbols."""
    syms = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                syms.append((int(parts[0], 16), parts[2]))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: hang-report.py CONSOLE SYSTEM.MAP")
    with open(sys.argv[1], errors="replace") as f:
        console = f.read()
    dump = console.rfind("info registers -a\n")
    if dump < 0:
        sys.exit("hang-report: no monitor dump in " + sys.argv[1])
    addrs, names = text_symbols(sys.argv[2])
    etext = {n: a for a, n in zip(addrs, names)}.get("_etext", addrs[-1])

    def symbol(addr):
        i = bisect.bisect_right(addrs, addr) - 1
        if i < 0 or addr >= etext:
            return None
        return "%s+0x%x" % (names[i], addr - addrs[i])

    # The monitor echoes each command as readline redraws it: the line of
    # "cpu N" ends with it.  The stack's dump follows its "x" command.
    cpu, stack = None, False
    for line in console[dump:].splitlines():
        m = re.match(r"CPU#(\d+)", line)
        if m:
            cpu = m.group(1)
        m = re.search(r"\b[RE]IP=([0-9a-f]+).*\bHLT=(\d)", line)
        if m and cpu is not None:
            print("vCPU %s: %s in %s" % (cpu, "halted" if m.group(2) == "1"
                                         else "running",
                                         symbol(int(m.group(1), 16))
                                         or m.group(1)))
        if line.startswith("(qemu)"):
            if stack:
                print()
            m = re.search(r"cpu (\d+)$", line)
            if m:
                cpu = m.group(1)
            stack = line.endswith("$esp")
            if stack:
                print("vCPU %s stack:" % cpu, end="")
            continue
        m = re.match(r"[0-9a-f]+:((?: 0x[0-9a-f]+)+)\s*$", line)
        if m and stack:
            for word in m.group(1).split():
                name = symbol(int(word, 16))
                if name:
                    print(" " + name, end="")

main()
