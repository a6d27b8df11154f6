# make bench: the benchmark suite (bench/run.sh prints the table).
# Included from the main Makefile with `include bench/bench.mk`; uses its
# BUILD, CC, CFLAGS and `all`. Outputs go under $(BUILD)/bench/.

# Included before the main Makefile's own targets, this file must not take
# over the default goal.
bench_default_goal := $(.DEFAULT_GOAL)
BUILD ?= build

BENCH_CFLAGS = $(CFLAGS) -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Werror
BENCH_BINS := $(addprefix $(BUILD)/bench/,calls combo floor pieces spawn stopwatch libempty.so)

.PHONY: bench

bench: all $(BUILD)/libodcreat.so $(BENCH_BINS) $(BUILD)/tests/odc_deny $(BUILD)/tests/odc_call
	@BUILD=$(BUILD) bash bench/run.sh

$(BUILD)/bench/calls $(BUILD)/bench/combo $(BUILD)/bench/spawn $(BUILD)/bench/stopwatch: \
		$(BUILD)/bench/%: bench/%.c bench/batches.h bench/bench.mk
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ $< -lpthread

# The least a seccomp supervisor can do, with odcreat's own filter.
$(BUILD)/bench/floor: bench/floor.c src/cmd/seccomp/filter.c src/core/kernel/syscall.c $(HEADERS) bench/bench.mk
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Iinclude -Isrc/cmd/seccomp -o $@ bench/floor.c src/cmd/seccomp/filter.c \
		src/core/kernel/syscall.c

# The supervisor's own reads and log line, timed one by one: the command's objects but its main.
$(BUILD)/bench/pieces: bench/pieces.c bench/batches.h $(filter-out %/cmd/odcreat.o,$(CMD_OBJ)) $(HEADERS) bench/bench.mk
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Iinclude -Isrc/cmd/seccomp -o $@ bench/pieces.c \
		$(filter-out %/cmd/odcreat.o,$(CMD_OBJ))

# An empty library: what preloading anything at all costs.
$(BUILD)/bench/libempty.so: bench/empty.c bench/bench.mk
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -fPIC -shared -o $@ $<

.DEFAULT_GOAL := $(bench_default_goal)
