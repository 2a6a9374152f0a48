# The one interface to the project: see README.md.  The work is done by the
# scripts in scripts/; this file only names it.
#
#   make check                  everything, on the series and the base kernel (7.3),
#                               then on the series built for i386
#   make check-stable           the series' kselftests on the 6.12 backport and on 6.12
#   make check-debug            the tests again, under lockdep, KASAN and UBSAN
#   make check-kcsan            the tests again, under the data-race detector
#   make check-fixes [FIX="n..."] [ALL=1]   each fix (or the Nth patches) taken
#                               out of the series: its tests fail (ALL=1: and
#                               no other)
#   make stress [ATTEMPTS=10000] [SEED=n]   random events, series and base
#   make demo                   the base and the series side by side, then a
#                               power manager's life, in QEMU
#   make run GUEST=script.sh [KERNEL=base] [TIMEOUT=600] [SWAP=img] [QMP=sock]
#   make export                 build/linux base..HEAD -> patches/
#   make export-stable          build/stable/linux base..HEAD -> stable/6.12/
#   make build-each [FROM=N] [MATRIX=1]   build every prefix of the series (bisectability),
#                               with MATRIX=1 in every configuration of config/matrix/ too
#   make build-matrix           build the series in every configuration of config/matrix/
#   make bench                  base vs series, alternately, into build/bench/

KERNEL ?= series
TIMEOUT ?= 600
S := scripts

.PHONY: all check check-debug check-kcsan check-fixes check-stable stress demo bench run export export-stable \
	deps tree kernel guest \
	build-each build-matrix clean

all: guest

check:
	@$(S)/check.sh

check-debug:
	@$(S)/check.sh debug

check-kcsan:
	@$(S)/check.sh kcsan

check-fixes:
	@ALL=$(ALL) $(S)/check-fixes.sh $(FIX)

check-stable:
	@$(S)/check.sh stable

stress:
	@ATTEMPTS=$(ATTEMPTS) SEED=$(SEED) $(S)/stress.sh

demo:
	@$(S)/demo.sh

bench:
	@$(S)/bench.sh

deps:
	@$(S)/install-deps.sh

tree: deps
	@$(S)/fetch-base.sh
	@$(S)/prepare-tree.sh

kernel: tree
	@$(S)/build-kernel.sh $(KERNEL)

guest:
	@$(S)/build.sh $(KERNEL)

run: guest
	@$(S)/run-qemu.sh -k $(KERNEL) -t $(TIMEOUT) $(if $(SWAP),-s $(SWAP)) \
		$(if $(QMP),-q $(QMP)) $(if $(APPEND),-a "$(APPEND)") $(GUEST)

export:
	@$(S)/export-series.sh

export-stable:
	@$(S)/export-series.sh stable

build-each: tree
	@MATRIX=$(or $(MATRIX),0) $(S)/build-each.sh $(FROM)

build-matrix: tree
	@$(S)/build-matrix.sh

clean:
	rm -rf build
