# make fuzz: the libFuzzer harnesses, each for FUZZ_SECONDS seconds, with
# AddressSanitizer and UndefinedBehaviorSanitizer:
#
#   fuzz_semantics (tests/fuzz/*.c) checks every entry point, mode,
#     ODCREAT_MODE and ODCREAT_LOG value against a model of tests/table.txt;
#   fuzz_report (tests/fuzz/report/*.c) feeds odcreat report's readers any
#     log lines or journal export, and checks what they print;
#   fuzz_lines (tests/fuzz/lines/) builds the log's lines and journald's
#     entries, as each of their writers does, from any fields, and calls
#     the line's primitives with any arguments, and checks what they make;
#   fuzz_resolve (tests/fuzz/resolve/) feeds report --resolve's reader any
#     module (ELF, its symbols, DWARF, compressed sections), from seeds
#     built here with -g (tests/fuzz/resolve/seeds.sh).
#
# make check runs those of FUZZ_CHECK for FUZZ_CHECK_SECONDS each (make
# fuzz-check): a harness joins them by its name there. Where clang links
# no libFuzzer harness (a package build without it), it says so and skips.
#
# Each exits non-zero on a mismatch, a crash, a leak or an input that takes
# longer than its -timeout; the input that caused it is left in
# $(BUILD)/fuzz/crash-* (or timeout-*, leak-*).
#
#   make fuzz FUZZ_SECONDS=300
#   make fuzz FUZZ_ARGS='-runs=1000'    (any further libFuzzer options)
#   $(BUILD)/fuzz/fuzz_report $(BUILD)/fuzz/crash-...    (replay one input)
#
# Included from the Makefile, whose BUILD, CORE_SRC, DIRECT_SRC, PRELOAD_SRC,
# REPORT_ROOMS and HEADERS it uses: each harness is the code it tests, with
# its own main.

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_ARGS    ?=
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/fuzz_semantics
FUZZ_REPORT_BIN := $(FUZZ_DIR)/fuzz_report
FUZZ_LINES_BIN := $(FUZZ_DIR)/fuzz_lines
FUZZ_RESOLVE_BIN := $(FUZZ_DIR)/fuzz_resolve
FUZZ_CHECK   := fuzz_lines fuzz_report fuzz_resolve
FUZZ_CHECK_SECONDS ?= 10
# The harness #includes settings.c and dest.c, to reset their state for each input.
FUZZ_LIB_SRC := $(filter-out src/core/config/settings.c src/core/dest/dest.c,$(CORE_SRC) $(PRELOAD_SRC))
# The report's rooms (REPORT_ROOMS), not its main nor its reading of log directories.
FUZZ_REPORT_LIB_SRC := $(filter-out src/cmd/report/read/dir.c,$(wildcard $(addsuffix /*.c,$(REPORT_ROOMS)))) \
		       $(DIRECT_SRC) $(CORE_SRC)
FUZZ_REPORT_I := -Isrc/cmd $(addprefix -I,$(REPORT_ROOMS))
# The resolver's reading alone (src/cmd/report/elf/): not its child, its
# opening of names, nor its deadline (src/cmd/report/resolve/).
FUZZ_RESOLVE_SRC := $(wildcard src/cmd/report/elf/*.c)
FUZZ_CFLAGS  := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -std=gnu11 -Wall -Wextra -Werror -Wno-string-concatenation -Iinclude $(addprefix -I,$(wildcard src/core/*/)) -Isrc/preload -D_GNU_SOURCE

.PHONY: fuzz fuzz-build fuzz-check fuzz-check-run fuzz-deps

fuzz-deps:
	@sh tests/deps.sh fuzz '$(FUZZ_CC)'

fuzz-build: fuzz-deps
	$(MAKE) $(FUZZ_BIN) $(FUZZ_REPORT_BIN) $(FUZZ_LINES_BIN) $(FUZZ_RESOLVE_BIN)

FUZZ_SRC     := $(wildcard tests/fuzz/*.c)

$(FUZZ_BIN): $(FUZZ_SRC) tests/fuzz/fuzz.h tests/badptr.h $(CORE_SRC) $(PRELOAD_SRC) $(HEADERS) tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_SRC) $(FUZZ_LIB_SRC) -ldl

FUZZ_REPORT_SRC := $(wildcard tests/fuzz/report/*.c)

$(FUZZ_REPORT_BIN): $(FUZZ_REPORT_SRC) tests/fuzz/report/fuzz_report.h $(FUZZ_REPORT_LIB_SRC) $(HEADERS) \
		    tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_REPORT_I) -o $@ $(FUZZ_REPORT_SRC) $(FUZZ_REPORT_LIB_SRC)

$(FUZZ_RESOLVE_BIN): tests/fuzz/resolve/fuzz_resolve.c $(FUZZ_RESOLVE_SRC) $(HEADERS) tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Isrc/cmd/report/elf -o $@ tests/fuzz/resolve/fuzz_resolve.c $(FUZZ_RESOLVE_SRC)

# Real modules, built anew when the programs they are built from change.
$(FUZZ_DIR)/resolve.seeds/made: tests/fuzz/resolve/seeds.sh tests/odc_site.c tests/odc_site_main.c
	rm -rf $(@D)
	sh tests/fuzz/resolve/seeds.sh $(@D)
	@touch $@

# The line builders, and the report's reader, which reads back what they write.
FUZZ_LINES_SRC := $(wildcard tests/fuzz/lines/*.c)
$(FUZZ_LINES_BIN): $(FUZZ_LINES_SRC) tests/fuzz/lines/fuzz_lines.h $(FUZZ_REPORT_LIB_SRC) $(HEADERS) tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_REPORT_I) -o $@ $(FUZZ_LINES_SRC) $(FUZZ_REPORT_LIB_SRC)

# Each harness's bound on one input (-timeout, seconds; 5 where it names
# none), its environment and its seeds.
FUZZ_TIMEOUT_fuzz_semantics := 30
FUZZ_ENV_fuzz_semantics = ODC_FUZZ_TMPDIR='$(abspath $(FUZZ_DIR))/tmp' \
	ODC_FUZZ_TABLE='$(abspath tests/table.txt)' ODC_FUZZ_REPO='$(abspath .)'
FUZZ_SEEDS_fuzz_semantics := '$(abspath tests/fuzz/semantics.seeds)'
FUZZ_SEEDS_fuzz_report := '$(abspath tests/fuzz/report/seeds)'
FUZZ_SEEDS_fuzz_lines := '$(abspath tests/fuzz/lines/seeds)'
FUZZ_TIMEOUT_fuzz_resolve := 10
FUZZ_SEEDS_fuzz_resolve := '$(abspath $(FUZZ_DIR))/resolve.seeds' '$(abspath tests/fuzz/resolve/crashes)'

# fuzz_run NAME SECONDS: $(FUZZ_DIR)/NAME for SECONDS (tests/fuzz/run.sh).
fuzz_run = $(PAIR_LOCK) env $(FUZZ_ENV_$(1)) FUZZ_ARGS='$(FUZZ_ARGS)' sh tests/fuzz/run.sh \
	'$(abspath $(FUZZ_DIR))' $(1) $(2) $(or $(FUZZ_TIMEOUT_$(1)),5) $(FUZZ_SEEDS_$(1))

# The semantics' scratch area lives in $(FUZZ_DIR)/tmp; the harness removes it at exit.
fuzz: fuzz-deps
	$(MAKE) $(FUZZ_BIN) $(FUZZ_REPORT_BIN) $(FUZZ_LINES_BIN)
	@rm -rf $(FUZZ_DIR)/tmp
	@mkdir -p $(FUZZ_DIR)/tmp
	@$(call fuzz_run,fuzz_semantics,$(FUZZ_SECONDS))
	@$(call fuzz_run,fuzz_report,$(FUZZ_SECONDS))
	@$(call fuzz_run,fuzz_lines,$(FUZZ_SECONDS))
	$(MAKE) $(FUZZ_RESOLVE_BIN) $(FUZZ_DIR)/resolve.seeds/made
	@$(call fuzz_run,fuzz_resolve,$(FUZZ_SECONDS))

# Whether FUZZ_CC links a libFuzzer harness here.
FUZZ_WORKS = $(shell echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return !d + !n; }' | \
	$(FUZZ_CC) -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null && echo yes)

fuzz-check: fuzz-deps
	$(MAKE) fuzz-check-run

fuzz-check-run:
	$(if $(FUZZ_WORKS),$(MAKE) $(addprefix $(FUZZ_DIR)/,$(FUZZ_CHECK)) $(FUZZ_DIR)/resolve.seeds/made,\
		@echo "fuzz-check: skipped: $(FUZZ_CC) links no libFuzzer harness here")
	$(if $(FUZZ_WORKS),@$(foreach t,$(FUZZ_CHECK),$(call fuzz_run,$(t),$(FUZZ_CHECK_SECONDS)) &&) true)
