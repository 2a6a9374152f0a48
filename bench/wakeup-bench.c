// SPDX-License-Identifier: GPL-2.0
/*
 * The guest side of "make bench": measures one figure and prints it as one
 * JSON line prefixed with "bench: ".  It needs test_pm_wakeup loaded (with
 * the number of devices to measure), debugfs, and pm_test.
 *
 *   wakeup-bench abort <state> <pm_test level> <phase>
 *	An event fired from the first <phase> callback after the count was
 *	written: the device callbacks that still ran after it, and the time
 *	from the event to the write of <state> failing with EBUSY ("aborted":
 *	false, and no time, when the transition went on regardless).
 *   wakeup-bench hot <event|stay> <iterations> <cpus>
 *	ns per pm_wakeup_event() or pm_stay_awake() + pm_relax(), measured
 *	in the kernel, on <cpus> CPUs at once (one device each): the best
 *	of HOT_RUNS runs, each counted at its slowest CPU, since an emulated
 *	CPU only ever adds time (the host preempts its threads).
 *   wakeup-bench roundtrip <iterations>
 *	ns per read plus write-back of wakeup_count, and for a canceled-late
 *	attempt: count written, event, write of "mem" failing with EBUSY.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TWK		"/sys/kernel/debug/test_pm_wakeup/"
#define WAKEUP_COUNT	"/sys/power/wakeup_count"

static void die(const char *what)
{
	fprintf(stderr, "wakeup-bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Write @str to @path with one write(); 0 or -errno. */
static int put(const char *path, const char *str)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0)
		die(path);
	if (write(fd, str, strlen(str)) < 0)
		err = -errno;
	close(fd);
	return err;
}

static void put_or_die(const char *path, const char *str)
{
	int err = put(path, str);

	if (err) {
		errno = -err;
		die(path);
	}
}

/* Read @path with one read() into @buf. */
static void get(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		die(path);
	n = read(fd, buf, size - 1);
	if (n < 0)
		die(path);
	buf[n] = '\0';
	close(fd);
}

/* Read the count and write it back; the attempt that follows is armed. */
static void arm_count(void)
{
	char count[32];

	get(WAKEUP_COUNT, count, sizeof(count));
	put_or_die(WAKEUP_COUNT, count);
}

static int abort_cost(const char *state, const char *level, const char *phase)
{
	char cmd[64], report[4096], fired_phase[32], *line;
	unsigned long long fired_ns = 0, t0, t1;
	long calls, after, after_phase = -1, after_total = 0;
	int err, devices = 0;

	get("/sys/module/test_pm_wakeup/parameters/ndevices", cmd, sizeof(cmd));
	devices = atoi(cmd);
	put_or_die("/sys/power/pm_test", level);
	snprintf(cmd, sizeof(cmd), "%s event any", phase);
	put_or_die(TWK "arm", cmd);
	arm_count();
	t0 = now_ns();
	err = put("/sys/power/state", state);
	t1 = now_ns();
	put_or_die(TWK "arm", "none");
	put_or_die("/sys/power/pm_test", "none");
	if (err && err != -EBUSY) {
		fprintf(stderr, "wakeup-bench: %s failed: %s\n", state,
			strerror(-err));
		return 1;
	}

	get(TWK "report", report, sizeof(report));
	if (sscanf(report, "fired: %31s event %*u %llu", fired_phase,
		   &fired_ns) != 2) {
		fprintf(stderr, "wakeup-bench: the event did not fire\n");
		return 1;
	}
	for (line = strtok(report, "\n"); line; line = strtok(NULL, "\n")) {
		char name[32];

		if (sscanf(line, "%31[a-z_]: %ld %ld", name, &calls, &after) != 3)
			continue;
		/*
		 * Device callbacks on the way down only (the report lists
		 * them from "prepare" to "poweroff_noirq"): resuming is not
		 * wasted work.
		 */
		if (!strcmp(name, "syscore"))
			break;
		if (!strcmp(name, "freezer"))
			continue;
		if (!strcmp(name, phase))
			after_phase = after;
		after_total += after;
	}
	printf("bench: {\"figure\": \"abort\", \"state\": \"%s\", \"phase\": \"%s\", "
	       "\"devices\": %d, \"aborted\": %s, \"after_in_phase\": %ld, "
	       "\"after_total\": %ld, \"attempt_us\": %.1f, ",
	       state, phase, devices, err ? "true" : "false", after_phase,
	       after_total, (t1 - t0) / 1000.0);
	if (err)
		printf("\"event_to_ebusy_us\": %.1f}\n", (t1 - fired_ns) / 1000.0);
	else
		printf("\"event_to_ebusy_us\": null}\n");
	return 0;
}

/* One CPU's share of the hot path: "<ops> <ns>" from the module. */
static void hot_child(const char *what, unsigned int iterations, int cpu,
		      int out)
{
	char cmd[64], result[64];
	cpu_set_t set;
	ssize_t n;
	int fd;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
	fd = open(TWK "bench", O_RDWR);
	if (fd < 0)
		die(TWK "bench");
	snprintf(cmd, sizeof(cmd), "%s %d %u", what, cpu, iterations);
	if (write(fd, cmd, strlen(cmd)) < 0)
		die("bench");
	n = pread(fd, result, sizeof(result) - 1, 0);
	if (n <= 0)
		die("bench");
	if (write(out, result, n) != n)
		die("pipe");
	exit(0);
}

#define HOT_RUNS	5

/* One run on @cpus CPUs at once: ns per call on the slowest, or < 0. */
static double hot_run(const char *what, unsigned int iterations, int cpus)
{
	unsigned long long ops, ns;
	double worst = 0;
	char result[256];
	int pipefd[2], i, status;
	ssize_t n, len = 0;
	FILE *f;

	if (pipe(pipefd))
		die("pipe");
	for (i = 0; i < cpus; i++) {
		if (!fork())
			hot_child(what, iterations, i, pipefd[1]);
	}
	close(pipefd[1]);
	while ((n = read(pipefd[0], result + len, sizeof(result) - 1 - len)) > 0)
		len += n;
	close(pipefd[0]);
	result[len] = '\0';
	for (i = 0; i < cpus; i++) {
		if (wait(&status) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			return -1;
	}
	/* The slowest CPU: what a driver on the contended path sees. */
	f = fmemopen(result, len, "r");
	for (i = 0; f && fscanf(f, "%llu %llu", &ops, &ns) == 2; i++)
		if ((double)ns / ops > worst)
			worst = (double)ns / ops;
	if (f)
		fclose(f);
	if (i != cpus)
		return -1;
	return worst;
}

static int hot_path(const char *what, unsigned int iterations, int cpus)
{
	double best = 0, ns;
	int run;

	for (run = 0; run < HOT_RUNS; run++) {
		ns = hot_run(what, iterations, cpus);
		if (ns < 0)
			return 1;
		if (!run || ns < best)
			best = ns;
	}
	printf("bench: {\"figure\": \"hot\", \"what\": \"%s\", \"cpus\": %d, "
	       "\"ns_per_op\": %.1f}\n", what, cpus, best);
	return 0;
}

static int roundtrip(unsigned int iterations)
{
	unsigned long long t0, t1;
	unsigned int i;
	int err;

	t0 = now_ns();
	for (i = 0; i < iterations; i++)
		arm_count();
	t1 = now_ns();
	printf("bench: {\"figure\": \"roundtrip\", \"what\": \"read_write\", "
	       "\"us\": %.2f}\n", (t1 - t0) / 1000.0 / iterations);

	put_or_die("/sys/power/pm_test", "core");
	arm_count();
	put_or_die(TWK "fire", "event 0");
	t0 = now_ns();
	err = put("/sys/power/state", "mem");
	t1 = now_ns();
	put_or_die("/sys/power/pm_test", "none");
	if (err != -EBUSY) {
		fprintf(stderr, "wakeup-bench: mem did not fail with EBUSY\n");
		return 1;
	}
	printf("bench: {\"figure\": \"roundtrip\", \"what\": \"canceled_late\", "
	       "\"us\": %.2f}\n", (t1 - t0) / 1000.0);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "abort"))
		return abort_cost(argv[2], argv[3], argv[4]);
	if (argc == 5 && !strcmp(argv[1], "hot"))
		return hot_path(argv[2], strtoul(argv[3], NULL, 10),
				atoi(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "roundtrip"))
		return roundtrip(strtoul(argv[2], NULL, 10));
	fprintf(stderr, "usage: see the comment at the top of wakeup-bench.c\n");
	return 2;
}
