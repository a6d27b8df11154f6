# make fuzz: two libFuzzer harnesses, each for FUZZ_SECONDS seconds, with
# AddressSanitizer and UndefinedBehaviorSanitizer:
#
#   fuzz_semantics (tests/fuzz/*.c) checks every entry point, mode,
#     ODCREAT_MODE and ODCREAT_LOG value against a model of tests/table.txt;
#   fuzz_report (tests/fuzz/report/) feeds odcreat report's readers any
#     log lines or journal export, and checks what they print.
#
# Each exits non-zero on a mismatch, a crash, a leak or an input that takes
# longer than its -timeout; the input that caused it is left in
# $(BUILD)/fuzz/crash-* (or timeout-*, leak-*).
#
#   make fuzz FUZZ_SECONDS=300
#   make fuzz FUZZ_ARGS='-runs=1000'    (any further libFuzzer options)
#   $(BUILD)/fuzz/fuzz_report $(BUILD)/fuzz/crash-...    (replay one input)
#
# Included from the Makefile, whose BUILD, CORE_SRC, DIRECT_SRC, PRELOAD_SRC
# and HEADERS it uses: each harness is the code it tests, with its own main.

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_ARGS    ?=
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/fuzz_semantics
FUZZ_REPORT_BIN := $(FUZZ_DIR)/fuzz_report
# The harness #includes settings.c and dest.c, to reset their state for each input.
FUZZ_LIB_SRC := $(filter-out src/core/config/settings.c src/core/log/dest.c,$(CORE_SRC) $(PRELOAD_SRC))
FUZZ_REPORT_LIB_SRC := $(filter-out src/cmd/report/main.c src/cmd/report/dir.c,$(wildcard src/cmd/report/*.c)) \
		       $(DIRECT_SRC) $(CORE_SRC)
FUZZ_CFLAGS  := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -std=gnu11 -Wall -Wextra -Werror -Wno-string-concatenation -Iinclude $(addprefix -I,$(wildcard src/core/*/)) -Isrc/preload -D_GNU_SOURCE

.PHONY: fuzz fuzz-build fuzz-deps

fuzz-deps:
	@sh tests/deps.sh fuzz '$(FUZZ_CC)'

fuzz-build: fuzz-deps
	$(MAKE) $(FUZZ_BIN) $(FUZZ_REPORT_BIN)

FUZZ_SRC     := $(wildcard tests/fuzz/*.c)

$(FUZZ_BIN): $(FUZZ_SRC) tests/fuzz/fuzz.h tests/badptr.h $(CORE_SRC) $(PRELOAD_SRC) $(HEADERS) tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_SRC) $(FUZZ_LIB_SRC) -ldl

$(FUZZ_REPORT_BIN): tests/fuzz/report/fuzz_report.c $(FUZZ_REPORT_LIB_SRC) $(HEADERS) tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Isrc/cmd -Isrc/cmd/report -o $@ tests/fuzz/report/fuzz_report.c $(FUZZ_REPORT_LIB_SRC)

# fuzz_run NAME TIMEOUT ENVIRONMENT SEEDS: run $(FUZZ_DIR)/NAME for
# FUZZ_SECONDS, each input bounded to TIMEOUT seconds, its corpus in
# $(FUZZ_DIR)/NAME.corpus (started from SEEDS), its output in
# $(FUZZ_DIR)/NAME.log; print its last lines and fail where it failed.
define fuzz_run
	@mkdir -p '$(FUZZ_DIR)/$(1).corpus'
	@echo "fuzz: $(FUZZ_DIR)/$(1) for $(FUZZ_SECONDS) s, output in $(FUZZ_DIR)/$(1).log"
	@status=0; \
	$(PAIR_LOCK) env $(3) '$(abspath $(FUZZ_DIR))/$(1)' -max_total_time=$(FUZZ_SECONDS) -timeout=$(2) \
		-artifact_prefix='$(abspath $(FUZZ_DIR))/' $(FUZZ_ARGS) \
		'$(abspath $(FUZZ_DIR))/$(1).corpus' $(4) > '$(FUZZ_DIR)/$(1).log' 2>&1 || status=$$?; \
	grep '^fuzz_semantics: model agrees' '$(FUZZ_DIR)/$(1).log' || true; \
	if [ $$status -ne 0 ] || ! grep -Eq '^Done [0-9]+ runs' '$(FUZZ_DIR)/$(1).log'; then \
		tail -n 60 '$(FUZZ_DIR)/$(1).log'; \
		echo "fuzz: $(1) FAILED (exit status $$status); input in $(FUZZ_DIR)/crash-*, output in $(FUZZ_DIR)/$(1).log" >&2; \
		exit 1; \
	fi; \
	echo "$(1): $$(grep -E '^Done [0-9]+ runs' '$(FUZZ_DIR)/$(1).log')"
endef

# The semantics' scratch area lives in $(FUZZ_DIR)/tmp; the harness removes it at exit.
fuzz: fuzz-deps
	$(MAKE) $(FUZZ_BIN) $(FUZZ_REPORT_BIN)
	@rm -rf $(FUZZ_DIR)/tmp
	@mkdir -p $(FUZZ_DIR)/tmp
	$(call fuzz_run,fuzz_semantics,30,ODC_FUZZ_TMPDIR='$(abspath $(FUZZ_DIR))/tmp' \
		ODC_FUZZ_TABLE='$(abspath tests/table.txt)' ODC_FUZZ_REPO='$(abspath .)',)
	$(call fuzz_run,fuzz_report,5,,'$(abspath tests/fuzz/report/seeds)')
