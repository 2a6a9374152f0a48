// SPDX-License-Identifier: GPL-2.0
/*
 * The guest side of "make bench": measures one figure and prints it as one
 * JSON line prefixed with "bench: ".  It needs debugfs, and test_pm_wakeup
 * loaded (with the number of devices to measure) and pm_test for "abort"
 * and "roundtrip", test_pm_wakeup_bench loaded for "hot".
 *
 *   wakeup-bench abort <state> <pm_test level> <phase> <attempts>
 *	An event fired from the first <phase> callback after the count was
 *	written: the device callbacks that still ran after it, and the time
 *	from the event to the write of <state> failing with EBUSY ("aborted":
 *	false, and no time, when the transition went on regardless), over
 *	<attempts> attempts.
 *   wakeup-bench hot <iterations> <runs> <cpus>
 *	ns per pm_wakeup_event() ("event"), per pm_stay_awake() +
 *	pm_relax() ("stay") and per pm_system_wakeup() ("system", what
 *	hard IRQ handlers call), measured in the kernel, on 1 to <cpus> CPUs at
 *	once (one device each, so that they contend only on what the
 *	devices share): <runs> runs of <iterations> calls each, every run
 *	counted at its slowest CPU (see struct samples for the statistic).
 *   wakeup-bench roundtrip <iterations> <runs>
 *	us per read plus write-back of wakeup_count (<iterations> of them
 *	per run), and for a canceled-late attempt (one per run): count
 *	written, event, write of "mem" failing with EBUSY.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define TWK		"/sys/kernel/debug/test_pm_wakeup/"
#define BENCH_RUN	"/sys/kernel/debug/test_pm_wakeup_bench/run"
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

/* What one attempt of "abort" measured. */
struct abort_result {
	bool aborted;
	long after_phase, after_total;
	double attempt_us, event_to_ebusy_us;
};

static int abort_once(const char *state, const char *level, const char *phase,
		      struct abort_result *r)
{
	char cmd[64], report[4096], fired_phase[32], *line;
	unsigned long long fired_ns = 0, t0, t1;
	long calls, after;
	int err;

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
	r->aborted = err;
	r->after_phase = -1;
	r->after_total = 0;
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
			r->after_phase = after;
		r->after_total += after;
	}
	r->attempt_us = (t1 - t0) / 1000.0;
	r->event_to_ebusy_us = (t1 - fired_ns) / 1000.0;
	return 0;
}

/*
 * <attempts> attempts: aborted only if every one was, the most callbacks
 * after the event of any, and the shortest times (see struct samples).
 */
static int abort_cost(const char *state, const char *level, const char *phase,
		      int attempts)
{
	struct abort_result r, all = { .aborted = true, .after_phase = -1 };
	double ebusy = -1;
	char devices[32];
	int i;

	if (attempts < 1)
		return 2;
	get("/sys/module/test_pm_wakeup/parameters/ndevices", devices,
	    sizeof(devices));
	for (i = 0; i < attempts; i++) {
		if (abort_once(state, level, phase, &r))
			return 1;
		all.aborted &= r.aborted;
		if (r.after_phase > all.after_phase)
			all.after_phase = r.after_phase;
		if (r.after_total > all.after_total)
			all.after_total = r.after_total;
		if (!i || r.attempt_us < all.attempt_us)
			all.attempt_us = r.attempt_us;
		if (r.aborted && (ebusy < 0 || r.event_to_ebusy_us < ebusy))
			ebusy = r.event_to_ebusy_us;
	}
	printf("bench: {\"figure\": \"abort\", \"state\": \"%s\", \"phase\": \"%s\", "
	       "\"devices\": %d, \"attempts\": %d, \"aborted\": %s, "
	       "\"after_in_phase\": %ld, \"after_total\": %ld, \"attempt_us\": %.1f, ",
	       state, phase, atoi(devices), attempts,
	       all.aborted ? "true" : "false", all.after_phase,
	       all.after_total, all.attempt_us);
	/* No time to EBUSY when the transition went on regardless. */
	if (all.aborted)
		printf("\"event_to_ebusy_us\": %.1f}\n", ebusy);
	else
		printf("\"event_to_ebusy_us\": null}\n");
	return 0;
}

/*
 * The host's scheduler halves a vCPU's speed for up to seconds at a time
 * (a plain loop on the host shows the same bursts), so one long run may
 * land entirely in a slow period.  Every timed figure is therefore taken
 * from many short runs, interleaved with the other figures' so that each
 * figure's runs spread over the whole measurement, and reported as their
 * 10th percentile, which lies outside the bursts: an emulated CPU only
 * ever loses time to the host, it never gains any.
 */
struct samples {
	double *v;
	int n;
};

static void sample(struct samples *s, double v)
{
	s->v = realloc(s->v, (s->n + 1) * sizeof(*s->v));
	if (!s->v)
		die("realloc");
	s->v[s->n++] = v;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The end of a JSON line: "<name>": p10, "min", "median" and "runs". */
static void print_samples(const char *name, struct samples *s)
{
	qsort(s->v, s->n, sizeof(*s->v), cmp_double);
	printf("\"%s\": %.2f, \"min\": %.2f, \"median\": %.2f, \"runs\": %d}\n",
	       name, s->v[s->n / 10], s->v[0], s->v[s->n / 2], s->n);
}

#define HOT_MAX_CPUS	8

/* What every hot-path thread runs next; set while they wait at "start". */
static struct {
	pthread_barrier_t start, done;
	const char *what;
	unsigned int iterations;
	int cpus;		/* threads 0 .. cpus - 1 take part */
	bool stop;
	double ns_per_op[HOT_MAX_CPUS];
} hot;

/* One thread per CPU, each with its own device: "<ops> <ns>" per run. */
static void *hot_thread(void *arg)
{
	int cpu = (long)arg, fd;
	unsigned long long ops, ns;
	char cmd[64], result[64];
	cpu_set_t set;
	ssize_t n;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
	fd = open(BENCH_RUN, O_RDWR);
	if (fd < 0)
		die(BENCH_RUN);
	for (;;) {
		pthread_barrier_wait(&hot.start);
		if (hot.stop)
			return NULL;
		if (cpu < hot.cpus) {
			snprintf(cmd, sizeof(cmd), "%s %d %u", hot.what, cpu,
				 hot.iterations);
			if (write(fd, cmd, strlen(cmd)) < 0)
				die("bench");
			n = pread(fd, result, sizeof(result) - 1, 0);
			if (n <= 0)
				die("bench");
			result[n] = '\0';
			if (sscanf(result, "%llu %llu", &ops, &ns) != 2 || !ops)
				die("bench result");
			hot.ns_per_op[cpu] = (double)ns / ops;
		}
		pthread_barrier_wait(&hot.done);
	}
}

static int hot_path(unsigned int iterations, int runs, int max_cpus)
{
	static const char *const whats[] = { "event", "stay", "system" };
	struct samples s[ARRAY_SIZE(whats)][HOT_MAX_CPUS] = {};
	pthread_t threads[HOT_MAX_CPUS];
	int run, w, cpus, i;
	double worst;

	if (max_cpus < 1 || max_cpus > HOT_MAX_CPUS || runs < 1 || !iterations)
		return 2;
	pthread_barrier_init(&hot.start, NULL, max_cpus + 1);
	pthread_barrier_init(&hot.done, NULL, max_cpus + 1);
	for (i = 0; i < max_cpus; i++)
		if (pthread_create(&threads[i], NULL, hot_thread, (void *)(long)i))
			die("pthread_create");
	hot.iterations = iterations;
	for (run = 0; run < runs; run++) {
		for (w = 0; w < (int)ARRAY_SIZE(whats); w++) {
			for (cpus = 1; cpus <= max_cpus; cpus++) {
				hot.what = whats[w];
				hot.cpus = cpus;
				pthread_barrier_wait(&hot.start);
				pthread_barrier_wait(&hot.done);
				/* The slowest CPU: what a contended driver sees. */
				for (worst = 0, i = 0; i < cpus; i++)
					if (hot.ns_per_op[i] > worst)
						worst = hot.ns_per_op[i];
				sample(&s[w][cpus - 1], worst);
			}
		}
	}
	hot.stop = true;
	pthread_barrier_wait(&hot.start);
	for (i = 0; i < max_cpus; i++)
		pthread_join(threads[i], NULL);

	for (w = 0; w < (int)ARRAY_SIZE(whats); w++) {
		for (cpus = 1; cpus <= max_cpus; cpus++) {
			printf("bench: {\"figure\": \"hot\", \"what\": \"%s\", "
			       "\"cpus\": %d, ", whats[w], cpus);
			print_samples("ns_per_op", &s[w][cpus - 1]);
		}
	}
	return 0;
}

static int roundtrip(unsigned int iterations, int runs)
{
	struct samples rw = {}, late = {};
	unsigned long long t0, t1;
	struct sched_param fifo = { .sched_priority = 1 };
	struct rusage ru0, ru1;
	int run, err, preempted = 0;
	unsigned int i;

	/*
	 * A canceled attempt thaws the tasks it froze, and one of them (the
	 * guest's kernel log watcher, woken by the attempt's messages) used
	 * to run first on this CPU in some boots of either kernel, adding
	 * 120 us under TCG that measure the scheduler, not the attempt.  Run
	 * above them; "preempted" counts the attempts that were preempted
	 * all the same.
	 */
	if (sched_setscheduler(0, SCHED_FIFO, &fifo))
		die("sched_setscheduler");
	for (run = 0; run < runs; run++) {
		t0 = now_ns();
		for (i = 0; i < iterations; i++)
			arm_count();
		t1 = now_ns();
		sample(&rw, (t1 - t0) / 1000.0 / iterations);

		put_or_die("/sys/power/pm_test", "core");
		arm_count();
		put_or_die(TWK "fire", "event 0");
		getrusage(RUSAGE_THREAD, &ru0);
		t0 = now_ns();
		err = put("/sys/power/state", "mem");
		t1 = now_ns();
		getrusage(RUSAGE_THREAD, &ru1);
		put_or_die("/sys/power/pm_test", "none");
		if (err != -EBUSY) {
			fprintf(stderr, "wakeup-bench: mem did not fail with EBUSY\n");
			return 1;
		}
		preempted += ru1.ru_nivcsw != ru0.ru_nivcsw;
		sample(&late, (t1 - t0) / 1000.0);
	}
	printf("bench: {\"figure\": \"roundtrip\", \"what\": \"read_write\", ");
	print_samples("us", &rw);
	printf("bench: {\"figure\": \"roundtrip\", \"what\": \"canceled_late\", "
	       "\"preempted\": %d, ", preempted);
	print_samples("us", &late);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[1], "abort"))
		return abort_cost(argv[2], argv[3], argv[4], atoi(argv[5]));
	if (argc == 5 && !strcmp(argv[1], "hot"))
		return hot_path(strtoul(argv[2], NULL, 10), atoi(argv[3]),
				atoi(argv[4]));
	if (argc == 4 && !strcmp(argv[1], "roundtrip"))
		return roundtrip(strtoul(argv[2], NULL, 10), atoi(argv[3]));
	fprintf(stderr, "usage: see the comment at the top of wakeup-bench.c\n");
	return 2;
}
