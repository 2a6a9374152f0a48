#!/usr/bin/env python3
"""Summarize "make bench": bench-report.py RAW.jsonl OUTDIR BASE_VERSION.

Reads the figures of every boot (one JSON object per line, with the kernel
and the pair it came from) and writes to OUTDIR:
  results.json  per figure and kernel: the values by pair, min, median, max,
                and the series/base ratio of each pair
  results.md    the same as markdown tables
  abort.dat, abort.gp  the abort cost against the number of devices, for
                gnuplot (abort.png)
"""
import collections
import datetime
import json
import statistics
import sys

raw, outdir, base_version = sys.argv[1:4]

# figure -> (fields naming one measurement, measured values)
FIGURES = {
    "abort": (("state", "phase", "devices"), ("aborted", "after_total", "event_to_ebusy_us")),
    "abort_icount": (("state", "phase", "devices"), ("event_to_ebusy_us",)),
    "hot": (("what", "cpus"), ("ns_per_op",)),
    "hot_icount": (("what", "cpus"), ("ns_per_op",)),
    "hot_icount_i386": (("what", "cpus"), ("ns_per_op",)),
    "roundtrip": (("what",), ("us",)),
    "roundtrip_icount": (("what",), ("us",)),
}

values = collections.defaultdict(dict)  # (figure, key, metric) -> {kernel: {pair: v}}
for line in open(raw):
    r = json.loads(line)
    keys, metrics = FIGURES[r["figure"]]
    key = tuple(r[k] for k in keys)
    for m in metrics:
        v = r[m]
        if v is None:  # no EBUSY: the kernel did not abort, so no time to it
            continue
        values[(r["figure"], key, m)].setdefault(r["kernel"], {})[r["pair"]] = float(v)


def summary(by_pair):
    v = list(by_pair.values())
    if not v:
        return {"by_pair": by_pair, "min": None, "median": None, "max": None}
    return {"by_pair": by_pair, "min": min(v), "median": statistics.median(v), "max": max(v)}


results = []
for (figure, key, metric), kernels in sorted(values.items(), key=str):
    base, series = kernels.get("base", {}), kernels.get("series", {})
    ratios = [series[p] / base[p] for p in sorted(base) if p in series and base[p]]
    results.append({
        "figure": figure, "key": dict(zip(FIGURES[figure][0], key)), "metric": metric,
        "base": summary(base), "series": summary(series), "ratios": ratios,
    })
with open(f"{outdir}/results.json", "w") as f:
    json.dump(results, f, indent=1)


def fmt(x):
    return f"{x:.0f}" if abs(x) >= 100 else f"{x:.3g}"


def mmm(s):
    if s["min"] is None:
        return "never"
    return f"{fmt(s['min'])} / {fmt(s['median'])} / {fmt(s['max'])}"


def ratio(r):
    if not r:
        return "-"
    return f"{statistics.median(r):.2f} ({min(r):.2f}-{max(r):.2f})"


def min_ratio(r):
    b, s = r["base"]["min"], r["series"]["min"]
    return f"{s / b:.2f}" if b and s is not None else "-"


pairs = max(len(r[k]["by_pair"]) for r in results for k in ("base", "series"))
md = [f"Run {datetime.date.today()}, base {base_version}, {pairs} pairs of boots "
      "(base, then series), QEMU TCG, 2 vCPUs. Each cell: min / median / max over "
      "the boots; ratio: series/base per pair, median (min-max); min ratio: "
      "series min / base min, the least disturbed runs.", ""]
titles = {
    ("abort", "aborted"): "Aborted with EBUSY (1) or went on regardless (0)",
    ("abort", "after_total"): "Device callbacks that ran after the event",
    ("abort", "event_to_ebusy_us"): "Time from the event to EBUSY (us; per boot the "
                                    "shortest of 3 attempts)",
    ("abort_icount", "event_to_ebusy_us"): "Time from the event to EBUSY in emulated "
                                           "instructions (QEMU -icount: 1 us per 1000 "
                                           "instructions)",
    ("hot", "ns_per_op"): "ns per call, in the kernel (slowest CPU; per boot the 10th "
                          "percentile of short runs spread over the measurement)",
    ("hot_icount", "ns_per_op"): "Emulated instructions per call, in the kernel "
                                 "(QEMU -icount: 1 ns per instruction), one CPU",
    ("hot_icount_i386", "ns_per_op"): "Emulated instructions per call, in the kernel, "
                                      "32-bit x86 (i386 kernels, QEMU -icount), one CPU",
    ("roundtrip", "us"): "User-space round trip (us; per boot the 10th percentile "
                         "of 100 runs)",
    ("roundtrip_icount", "us"): "User-space round trip in emulated instructions "
                                "(QEMU -icount: 1 us per 1000 instructions)",
}
for (figure, metric), title in titles.items():
    rows = [r for r in results if r["figure"] == figure and r["metric"] == metric]
    if figure.startswith("abort"):
        rows.sort(key=lambda r: (r["key"]["state"], r["key"]["devices"]))
    md += [f"### {title}", "",
           "| " + " | ".join(FIGURES[figure][0]) + " | base | series | ratio | min ratio |",
           "|" + "---|" * (len(FIGURES[figure][0]) + 4)]
    for r in rows:
        md.append("| " + " | ".join(str(v) for v in r["key"].values()) +
                  f" | {mmm(r['base'])} | {mmm(r['series'])} | {ratio(r['ratios'])}"
                  f" | {min_ratio(r)} |")
    md.append("")
with open(f"{outdir}/results.md", "w") as f:
    f.write("\n".join(md))

# One block per (kernel, state, phase): devices, median callbacks after the event.
plots = []
with open(f"{outdir}/abort.dat", "w") as f:
    rows = [r for r in results if r["figure"] == "abort" and r["metric"] == "after_total"]
    for kernel in ("base", "series"):
        for sp in sorted({(r["key"]["state"], r["key"]["phase"]) for r in rows}):
            pts = sorted((r["key"]["devices"], r[kernel]["median"])
                         for r in rows if (r["key"]["state"], r["key"]["phase"]) == sp)
            f.write(f"# {kernel} {sp[0]} {sp[1]}\n")
            f.writelines(f"{n} {v}\n" for n, v in pts)
            f.write("\n\n")
            plots.append(f"{kernel}: {sp[0]} {sp[1]}")
with open(f"{outdir}/abort.gp", "w") as f:
    f.write(f"""set terminal pngcairo size 1000,600 noenhanced
set output '{outdir}/abort.png'
set title 'Device callbacks run after a wakeup event, by phase of the event ({base_version})'
set xlabel 'test devices'
set ylabel 'callbacks after the event + 1 (median)'
set logscale xy
set key outside right
set yrange [0.5:*]
plot """ + ", \\\n     ".join(
        f"'{outdir}/abort.dat' index {i} using 1:($2+1) with linespoints "
        f"dt {1 if t.startswith('base') else 2} title '{t}'" for i, t in enumerate(plots)) + "\n")
