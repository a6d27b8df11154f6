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

# make check SANITIZE=1: the library and the helpers under ASan and UBSan.
ifeq ($(SANITIZE),1)
BUILD   := build-san
CFLAGS  += -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The shim loads ahead of the ASan runtime in programs not built with it.
export ASAN_OPTIONS := verify_asan_link_order=0:detect_leaks=0
endif

# make check32: everything built with -m32 (Debian gcc-multilib).
ifeq ($(M32),1)
BUILD   := build32
CFLAGS  += -m32
endif

# 64-bit inode numbers and sizes on 32-bit builds too, or fstatat fails with EOVERFLOW.
SHIM_CFLAGS  := $(CFLAGS) $(WARN) -std=gnu11 -fPIC -fvisibility=hidden -Iinclude -D_GNU_SOURCE \
		-D_FILE_OFFSET_BITS=64
SHIM_LDFLAGS := -shared -Wl,--version-script=shim.map -Wl,-z,relro -Wl,--no-undefined

SHIM_SRC := src/shim.c src/config.c src/log.c src/mode.c src/next.c src/raw.c src/semantics.c \
	    src/sticky.c src/sys.c
SHIM_OBJ := $(SHIM_SRC:src/%.c=$(BUILD)/shim/%.o)
HEADERS  := $(wildcard include/*.h)

# The command shares the semantics, configuration and log with the library: it
# runs them itself for --probe and, as the seccomp supervisor, for --seccomp.
CMD_OBJ := $(addprefix $(BUILD)/cmd/,odcreat.o exec.o probe.o seccomp.o serve.o supervise.o target.o) \
	   $(addprefix $(BUILD)/shim/,config.o log.o mode.o semantics.o sticky.o sys.o next.o raw.o)

TEST_CFLAGS := $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Itests
TEST_BINS   := $(BUILD)/tests/odc_call $(BUILD)/tests/odc_stress $(BUILD)/tests/odc_race \
	       $(BUILD)/tests/early_main
# What no preload reaches, for the --seccomp tests: odc_call linked statically,
# its Go counterpart, and a helper that makes chosen system calls fail.
SECCOMP_TEST_BINS := $(BUILD)/tests/odc_call_static $(BUILD)/tests/odc_call_go \
		     $(BUILD)/tests/odc_deny $(BUILD)/tests/libodc_swap.so

INSTALLED := $(DESTDIR)$(LIBDIR)/libodcreat.so $(DESTDIR)$(BINDIR)/odcreat \
	     $(DESTDIR)$(MANDIR)/man1/odcreat.1 $(DESTDIR)$(MANDIR)/man7/odcreat.7

.PHONY: all check check32 clean demo install uninstall test-deps FORCE

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

$(BUILD)/tests/odc_call: tests/odc_call.c tests/flags.h Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -lpthread

$(BUILD)/tests/odc_stress: tests/odc_stress.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -lpthread

$(BUILD)/tests/odc_race: tests/odc_race.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -lpthread

# Without the sanitizers, which have no static runtime.
$(BUILD)/tests/odc_call_static: tests/odc_call.c tests/flags.h Makefile
	@mkdir -p $(@D)
	$(CC) -O2 -g $(WARN) -std=gnu11 -D_GNU_SOURCE -Itests -static -o $@ $< -lpthread

$(BUILD)/tests/odc_call_go: tests/go/odc_call.go Makefile
	@mkdir -p $(@D)
	cd tests/go && CGO_ENABLED=0 GOCACHE=$(abspath $(BUILD))/go-cache GOPATH=$(abspath $(BUILD))/go \
		go build -o $(abspath $@) odc_call.go

$(BUILD)/tests/odc_deny: tests/odc_deny.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $<

# Preloaded into odcreat: a rename exactly when the supervisor hands a descriptor over.
$(BUILD)/tests/libodc_swap.so: tests/odc_swap.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $< -ldl

# A library whose constructor calls open() before odcreat's constructor has run.
$(BUILD)/tests/libearly.so: tests/early.c
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $<

$(BUILD)/tests/early_main: tests/early_main.c $(BUILD)/tests/libearly.so
	$(CC) $(TEST_CFLAGS) -o $@ $< -L$(BUILD)/tests -learly -Wl,-rpath,'$$ORIGIN'

test-deps:
	@tests/deps.sh

# The test dependencies first: the Go helper needs Debian's golang-go to build.
check: test-deps
	$(MAKE) all $(TEST_BINS) $(SECCOMP_TEST_BINS)
	ODC_BUILD=$(BUILD) bats --print-output-on-failure tests

# The semantics table (tests/table.bats) and tests/32: the early-caller, signal and fork checks, 32-bit.
# A kernel without IA32 emulation (like this project's) runs them under qemu-i386.
check32:
	@tests/deps.sh 32
	$(MAKE) M32=1 all $(subst $(BUILD)/,build32/,$(TEST_BINS))
	ODC_BUILD=build32 bats --print-output-on-failure tests/table.bats tests/32

# The README's main job: real programs under every mode, side by side.
demo: all
	@sh tests/demo.sh $(BUILD)/odcreat

install: all
	install -D -m 0755 $(BUILD)/libodcreat.so $(DESTDIR)$(LIBDIR)/libodcreat.so
	install -D -m 0755 $(BUILD)/odcreat $(DESTDIR)$(BINDIR)/odcreat
	install -D -m 0644 man/odcreat.1 $(DESTDIR)$(MANDIR)/man1/odcreat.1
	install -D -m 0644 man/odcreat.7 $(DESTDIR)$(MANDIR)/man7/odcreat.7

uninstall:
	rm -f $(INSTALLED)

clean:
	rm -rf build build-san build32

include bench/bench.mk
include tests/fuzz/fuzz.mk
