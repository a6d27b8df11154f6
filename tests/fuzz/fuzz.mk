# make fuzz: the libFuzzer harness tests/fuzz/fuzz_semantics.c checks every
# entry point, mode, ODCREAT_MODE and ODCREAT_LOG value against a model of
# tests/table.txt, for FUZZ_SECONDS seconds. Exits non-zero on a mismatch or
# a crash; the input that caused it is left in $(BUILD)/fuzz/crash-*.
#
#   make fuzz FUZZ_SECONDS=300
#   make fuzz FUZZ_ARGS='-runs=1000'    (any further libFuzzer options)
#   $(BUILD)/fuzz/fuzz_semantics $(BUILD)/fuzz/crash-...    (replay one input)
#
# Included from the Makefile, whose BUILD, CORE_SRC, PRELOAD_SRC and HEADERS
# it uses: the harness is the library, with its own main.

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_ARGS    ?=
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/fuzz_semantics
FUZZ_CORPUS  := $(FUZZ_DIR)/corpus
FUZZ_OUT     := $(FUZZ_DIR)/fuzz.log
# The harness #includes config.c and log_dest.c, to reset their state for each input.
FUZZ_LIB_SRC := $(filter-out src/core/config.c src/core/log_dest.c,$(CORE_SRC) $(PRELOAD_SRC))
FUZZ_CFLAGS  := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -std=gnu11 -Wall -Wextra -Werror -Wno-string-concatenation -Iinclude -Isrc/core -Isrc/preload -D_GNU_SOURCE

.PHONY: fuzz fuzz-build fuzz-deps

fuzz-deps:
	@sh tests/deps.sh fuzz '$(FUZZ_CC)'

fuzz-build: fuzz-deps
	$(MAKE) $(FUZZ_BIN)

FUZZ_SRC     := $(wildcard tests/fuzz/*.c)

$(FUZZ_BIN): $(FUZZ_SRC) tests/fuzz/fuzz.h tests/badptr.h $(CORE_SRC) $(PRELOAD_SRC) $(HEADERS) tests/fuzz/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_SRC) $(FUZZ_LIB_SRC) -ldl

# The scratch area lives in $(FUZZ_DIR)/tmp; the harness removes it at exit.
fuzz: fuzz-deps
	$(MAKE) $(FUZZ_BIN)
	@rm -rf $(FUZZ_DIR)/tmp
	@mkdir -p $(FUZZ_CORPUS) $(FUZZ_DIR)/tmp
	@echo "fuzz: $(FUZZ_BIN) for $(FUZZ_SECONDS) s, corpus $(FUZZ_CORPUS), output in $(FUZZ_OUT)"
	@status=0; \
	ODC_FUZZ_TMPDIR='$(abspath $(FUZZ_DIR))/tmp' ODC_FUZZ_TABLE='$(abspath tests/table.txt)' \
	ODC_FUZZ_REPO='$(abspath .)' \
	'$(abspath $(FUZZ_BIN))' -max_total_time=$(FUZZ_SECONDS) -timeout=30 \
		-artifact_prefix='$(abspath $(FUZZ_DIR))/' $(FUZZ_ARGS) '$(abspath $(FUZZ_CORPUS))' \
		> '$(FUZZ_OUT)' 2>&1 || status=$$?; \
	grep '^fuzz_semantics: model agrees' '$(FUZZ_OUT)' || true; \
	if [ $$status -ne 0 ] || ! grep -Eq '^Done [0-9]+ runs' '$(FUZZ_OUT)'; then \
		tail -n 60 '$(FUZZ_OUT)'; \
		echo "fuzz: FAILED (exit status $$status); input in $(FUZZ_DIR)/crash-*, output in $(FUZZ_OUT)" >&2; \
		exit 1; \
	fi; \
	grep -E '^Done [0-9]+ runs' '$(FUZZ_OUT)'
