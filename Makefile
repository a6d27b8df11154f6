# odcreat: an LD_PRELOAD shim that gives open(O_CREAT|O_DIRECTORY) one meaning.

VERSION := 0.1.0
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
MANDIR  ?= $(PREFIX)/share/man

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Werror
BUILD   := build

SHIM_CFLAGS  := $(CFLAGS) $(WARN) -std=gnu11 -fPIC -fvisibility=hidden -Iinclude -D_GNU_SOURCE
SHIM_LDFLAGS := -shared -Wl,--version-script=shim.map -Wl,-z,now -Wl,-z,relro -Wl,--no-undefined

SHIM_SRC := src/shim.c src/config.c src/log.c src/mode.c src/next.c src/raw.c src/semantics.c src/sys.c
SHIM_OBJ := $(SHIM_SRC:src/%.c=$(BUILD)/shim/%.o)
HEADERS  := $(wildcard include/*.h)

# The command shares the semantics with the library, and runs them itself for --probe.
CMD_OBJ := $(BUILD)/cmd/odcreat.o $(BUILD)/cmd/probe.o \
	   $(addprefix $(BUILD)/shim/,mode.o semantics.o sys.o next.o raw.o)

TEST_CFLAGS := $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -Itests
TEST_BINS   := $(BUILD)/tests/odc_call $(BUILD)/tests/early_main

.PHONY: all check clean test-deps FORCE

all: $(BUILD)/libodcreat.so $(BUILD)/odcreat

$(BUILD)/shim/%.o: src/%.c $(HEADERS) Makefile
	@mkdir -p $(@D)
	$(CC) $(SHIM_CFLAGS) -c -o $@ $<

$(BUILD)/libodcreat.so: $(SHIM_OBJ) shim.map
	$(CC) $(SHIM_CFLAGS) $(SHIM_LDFLAGS) -o $@ $(SHIM_OBJ)

# Rebuilt when LIBDIR changes, since the installed command looks for the library there.
$(BUILD)/cmd/libdir: FORCE
	@mkdir -p $(@D)
	@echo '$(LIBDIR)' | cmp -s - $@ || echo '$(LIBDIR)' > $@

$(BUILD)/cmd/%.o: src/%.c $(HEADERS) Makefile $(BUILD)/cmd/libdir
	$(CC) $(SHIM_CFLAGS) -DODC_LIBDIR='"$(LIBDIR)"' -DODC_VERSION='"$(VERSION)"' -c -o $@ $<

$(BUILD)/odcreat: $(CMD_OBJ)
	$(CC) $(CFLAGS) -o $@ $(CMD_OBJ)

$(BUILD)/tests/odc_call: tests/odc_call.c
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -lpthread

# A library whose constructor calls open() before odcreat's constructor has run.
$(BUILD)/tests/libearly.so: tests/early.c
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $<

$(BUILD)/tests/early_main: tests/early_main.c $(BUILD)/tests/libearly.so
	$(CC) $(TEST_CFLAGS) -o $@ $< -L$(BUILD)/tests -learly -Wl,-rpath,'$$ORIGIN'

test-deps:
	@tests/deps.sh

check: all $(TEST_BINS) test-deps
	bats --print-output-on-failure tests

clean:
	rm -rf $(BUILD)
