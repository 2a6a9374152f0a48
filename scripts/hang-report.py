#!/usr/bin/env python3
"""hang-report.py QMP-SOCKET SYSTEM.MAP NCPUS: where a guest's vCPUs are.

run-qemu.sh runs it 15 s before a guest's time limit and keeps what it
prints only if the limit is hit: the tests' kernels print nothing below
emergencies and have no SysRq, so this is all a hang leaves.  Through QMP
it stops the guest (so that no vCPU's registers are stale), reads each
vCPU's registers and the top of its stack, and lets the guest go on; it
prints, per vCPU, whether it was halted (idle) and the function it was in,
and the kernel functions whose addresses its stack holds, innermost first:
like the kernel's own "?" lines, candidates, not a verified call chain.
Functions in modules are not in System.map: their addresses are left out.
"""
import bisect
import json
import re
import socket
import sys


def text_symbols(path):
    """The sorted addresses and names of System.map's text symbols."""
    syms = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                syms.append((int(parts[0], 16), parts[2]))
    if not syms:
        raise ValueError("no text symbols in " + path)
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


class Monitor:
    """QEMU's human monitor, through a QMP socket."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.file = self.sock.makefile("r")
        self.reply()
        self.execute("qmp_capabilities")

    def reply(self):
        while True:
            msg = json.loads(self.file.readline())
            if "event" not in msg:
                return msg

    def execute(self, cmd, **args):
        self.sock.sendall(json.dumps({"execute": cmd,
                                      "arguments": args}).encode())
        msg = self.reply()
        if "error" in msg:
            raise RuntimeError("%s: %s" % (cmd, msg["error"]["desc"]))
        return msg["return"]

    def hmp(self, line, cpu=0):
        return self.execute("human-monitor-command", **{"command-line": line,
                                                          "cpu-index": cpu})


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: hang-report.py QMP-SOCKET SYSTEM.MAP NCPUS")
    addrs, names = text_symbols(sys.argv[2])
    etext = dict(zip(names, addrs)).get("_etext", addrs[-1])

    def symbol(addr):
        i = bisect.bisect_right(addrs, addr) - 1
        if i < 0 or addr >= etext:
            return None
        return "%s+0x%x" % (names[i], addr - addrs[i])

    mon = Monitor(sys.argv[1])
    mon.hmp("stop")
    try:
        regs = mon.hmp("info registers -a")
        stacks = []
        # $esp is the whole stack pointer on x86-64 too.
        word = "g" if "RIP=" in regs else "w"
        for cpu in range(int(sys.argv[3])):
            stacks.append(mon.hmp("x/48%sx $esp" % word, cpu))
    finally:
        mon.hmp("cont")

    for cpu, m in enumerate(re.finditer(r"\b[RE]IP=([0-9a-f]+).*\bHLT=(\d)",
                                        regs)):
        pc = int(m.group(1), 16)
        print("vCPU %d: %s in %s" % (cpu,
                                     "halted" if m.group(2) == "1"
                                     else "running",
                                     symbol(pc) or hex(pc)))
    for cpu, dump in enumerate(stacks):
        words = re.findall(r"0x[0-9a-f]+", dump)
        found = [symbol(int(w, 16)) for w in words]
        print("vCPU %d stack: %s" % (cpu, " ".join(s for s in found if s)
                                     or "no kernel text"))


try:
    main()
except (OSError, ValueError, RuntimeError) as e:
    print("no hang report: %s" % e)
