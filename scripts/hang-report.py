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
A vCPU with CR0.PE clear (the second CPU of an i386 guest that hung was
found in firmware) also gets CS:IP, SS:SP, EFLAGS, whether it is in SMM,
the three words at SS:SP and below it (an interrupt's IP, CS, FLAGS, before
and after its iret) and the BIOS's warm reset vector at 40:67: clues to
how it got there (after INIT and a startup IPI, SS:SP and EFLAGS are 0 and
2).  xp reads RAM, not SMRAM.
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


def hex_words(dump, n):
    """The n hex words that an xp command printed, or "unreadable"."""
    found = re.findall(r"0x([0-9a-f]+)", dump.partition(":")[2])
    return " ".join(found) if len(found) == n else "unreadable"


def field(block, name):
    """A register of one vCPU's "info registers" block, as text, or None."""
    m = re.search(r"\b%s ?=([0-9a-f]+)" % name, block)
    return m.group(1) if m else None


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
        stacks, real = [], {}
        # $esp is the whole stack pointer on x86-64 too.
        word = "g" if "RIP=" in regs else "w"
        blocks = regs.split("CPU#")[1:]
        for cpu, block in enumerate(blocks):
            stacks.append(mon.hmp("x/48%sx $esp" % word, cpu))
            cs, ip, ss, sp, cr0 = (field(block, r) for r in
                                   ("CS", "[RE]IP", "SS", "[RE]SP", "CR0"))
            if None in (cs, ip, ss, sp, cr0) or int(cr0, 16) & 1:
                continue
            sp = int(sp, 16) & 0xffff
            base = int(ss, 16) * 16
            at_sp = mon.hmp("xp/3hx 0x%x" % (base + sp))
            below = mon.hmp("xp/3hx 0x%x" % (base + (sp - 6 & 0xffff)))
            warm = mon.hmp("xp/2hx 0x467")
            real[cpu] = ("%s:%04x, SS:SP %s:%04x, EFLAGS %s, SMM %s; "
                         "words at SS:SP %s, below it %s; "
                         "warm reset vector (offset, segment) %s" % (
                             cs, int(ip, 16) & 0xffff, ss, sp,
                             field(block, "EFL"), field(block, "SMM"),
                             hex_words(at_sp, 3), hex_words(below, 3),
                             hex_words(warm, 2)))
    finally:
        mon.hmp("cont")
    if len(blocks) != int(sys.argv[3]):
        print("%d vCPUs in the registers, not %s" % (len(blocks), sys.argv[3]))

    for cpu, m in enumerate(re.finditer(r"\b[RE]IP=([0-9a-f]+).*\bHLT=(\d)",
                                        regs)):
        pc = int(m.group(1), 16)
        print("vCPU %d: %s in %s" % (cpu,
                                     "halted" if m.group(2) == "1"
                                     else "running",
                                     symbol(pc) or hex(pc)))
        if cpu in real:
            print("vCPU %d: CR0.PE clear at %s" % (cpu, real[cpu]))
    for cpu, dump in enumerate(stacks):
        words = re.findall(r"0x[0-9a-f]+", dump)
        found = [symbol(int(w, 16)) for w in words]
        print("vCPU %d stack: %s" % (cpu, " ".join(s for s in found if s)
                                     or "no kernel text"))


try:
    main()
except Exception as e:  # a report of what failed, never a traceback
    print("no hang report: %s: %s" % (type(e).__name__, e))
