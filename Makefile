# odcreat: an LD_PRELOAD shim that gives open(O_CREAT|O_DIRECTORY) one meaning.

VERSION := 0.1.0
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DOCDIR  ?= $(PREFIX)/share/doc/odcreat

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

# make M32=1: i386, with Debian's cross compiler i686-linux-gnu-gcc, or
# with the CC given and -m32 (gcc-multilib, which conflicts with Debian's
# cross compilers). Other ABIs and C libraries: make CC=aarch64-linux-gnu-gcc,
# make CC=musl-gcc (and BUILD=... to keep them apart).
ifeq ($(M32),1)
BUILD   := build32
ifeq ($(origin CC),default)
CC      := i686-linux-gnu-gcc
else
CFLAGS  += -m32
endif
endif

# What CC builds for (x86_64-linux-gnu, aarch64-linux-gnu, ...), not what
# this machine is: a cross build's test programs and watcher are the
# target's, and its Go test program is built for Go's name of it.
TARGET  := $(shell $(CC) -dumpmachine 2>/dev/null)
GO_ARCH := $(patsubst x86_64-%,amd64,$(patsubst aarch64-%,arm64,$(patsubst i686-%,386,$(TARGET))))

# Two products, each built from its folders of src/, no file named by hand:
#   the library  src/core/*/ and src/preload/ (its exports: shim.map)
#   the command  src/core/*/, src/direct/ (the core's own opens, straight
#                to the kernel, and the messages), src/cmd/ and its folders
# (and the watcher, a third, from src/watch/: src/watch/watch.mk).
# src/core's folders are layers, each using only those below it
# (src/LAYERS, checked by tests/layers.py). include/ holds the interfaces
# between folders; each folder's own headers sit beside its sources.
# Nothing of include/ is installed.
CORE_SRC    := $(wildcard src/core/*/*.c)
PRELOAD_SRC := $(wildcard src/preload/*.c)
DIRECT_SRC  := $(wildcard src/direct/*.c)
CMD_SRC     := $(wildcard src/cmd/*.c src/cmd/*/*.c src/cmd/*/*/*.c)
obj_of       = $(patsubst src/%.c,$(BUILD)/obj/%.o,$(1))
LIB_OBJ     := $(call obj_of,$(CORE_SRC) $(PRELOAD_SRC))
CMD_OBJ     := $(call obj_of,$(CORE_SRC) $(DIRECT_SRC) $(CMD_SRC))
# (The watcher's headers are its own: src/watch/watch.mk.)
HEADERS     := $(filter-out src/watch/% include/odc_watch_%,$(wildcard include/*.h include/arch/*.h src/*/*.h \
		src/*/*/*.h src/*/*/*/*.h))

# The library copies bytes with a loop of its own (odc_copy), which the
# compiler must not turn back into a call of memcpy: clang is told so by
# -fno-builtin-memcpy, GCC by its own flag, where it is GCC.
NO_MEMCPY  := -fno-builtin-memcpy $(shell $(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
		>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)
# 64-bit inode numbers and sizes on 32-bit builds too, or fstatat fails with EOVERFLOW.
OBJ_CFLAGS := $(CPPFLAGS) $(CFLAGS) $(WARN) -std=gnu11 -fPIC -fvisibility=hidden -Iinclude -D_GNU_SOURCE \
	      -D_FILE_OFFSET_BITS=64 $(NO_MEMCPY)
# No start files: they serve C++ destructors, transactional memory and
# profiling, none of which the library has, and their four imports would
# cost every process four symbol lookups at start-up.
SHIM_LDFLAGS := $(LDFLAGS) -shared -nostartfiles -Wl,--version-script=shim.map -Wl,-z,relro \
		-Wl,--no-undefined

TEST_CFLAGS := $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Itests -Iinclude
TEST_BINS   := $(BUILD)/tests/odc_call $(BUILD)/tests/odc_stress $(BUILD)/tests/odc_race \
	       $(BUILD)/tests/glob_test $(BUILD)/tests/fold_test $(BUILD)/tests/script_test \
	       $(BUILD)/tests/early_main $(BUILD)/tests/libodc_openat2.so $(BUILD)/tests/libempty.so \
	       $(BUILD)/tests/odc_site $(BUILD)/tests/libodc_confined.so
# What no preload reaches, for the --seccomp tests: odc_call linked statically,
# its Go counterpart, and a helper that makes chosen system calls fail.
SECCOMP_TEST_BINS := $(BUILD)/tests/odc_call_static $(BUILD)/tests/odc_call_go \
		     $(BUILD)/tests/odc_deny $(BUILD)/tests/libodc_swap.so $(BUILD)/tests/libodc_nosend.so

# The library's directory for this ABI under a prefix (line 2 of $(BUILD)/abi),
# and the library there, in a directory of its own as a preload-only plugin.
LIB_SUBDIR = $(or $(shell sed -n 2p $(BUILD)/abi),lib)
SHIM_PATH = $(LIB_SUBDIR)/odcreat/libodcreat.so
# The native build tree, which odcreat from the build tree looks in.
MAIN_BUILD := $(if $(filter 1,$(M32)),build,$(BUILD))

.PHONY: all check check32 check-musl check-aarch64 check-fresh check-deb-fresh check-deb-arm64 check-fresh-ci \
	check-autopkgtest \
	check-installed check-deb \
	clean deb demo \
	install uninstall test-deps FORCE

all: $(BUILD)/libodcreat.so $(BUILD)/odcreat $(BUILD)/abi.link

# Everything is rebuilt when the compiler, its flags or PREFIX change. The
# compiler and its C library's headers are installed first, as root, or named.
$(BUILD)/config: FORCE
	@sh tests/deps.sh build '$(CC)'
	@mkdir -p $(@D)
	@echo '$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(PREFIX)' | cmp -s - $@ || \
		echo '$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(PREFIX)' > $@

# How this machine runs the ABI's programs, and where its loader's $LIB is;
# asked every time, since ODC_I386 and ODC_AARCH64 (src/abi.sh) may change
# the answer, and written only when it does.
$(BUILD)/abi: src/abi.sh $(BUILD)/config FORCE
	@sh src/abi.sh '$(CC) $(CFLAGS)' $(BUILD)/abi-probe > $@.new
	@cmp -s $@.new $@ && rm $@.new || mv $@.new $@

# Each object depends on the headers it includes, as the compiler lists
# them (-MMD), so that a change rebuilds only what it touches. A file sees
# its own folder's headers and its parent folder's (src/LAYERS).
$(BUILD)/obj/%.o: src/%.c Makefile $(BUILD)/config
	@mkdir -p $(@D)
	$(CC) $(OBJ_CFLAGS) -MMD -MP -I$(<D) -I$(<D)/.. $(CMD_DEFINES) -c -o $@ $<

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)

$(BUILD)/libodcreat.so: $(LIB_OBJ) shim.map
	$(CC) $(OBJ_CFLAGS) $(SHIM_LDFLAGS) -o $@ $(LIB_OBJ)

# The command's own: where the library is, and whether the loader expands
# $LIB (musl's does not); src/cmd/'s folders use src/cmd/'s headers, and
# the report's rooms each other's, as src/LAYERS allows (tests/layers.py).
REPORT_ROOMS := $(patsubst %/,%,$(wildcard src/cmd/report/*/))
$(call obj_of,$(CMD_SRC)): $(BUILD)/abi
$(call obj_of,$(CMD_SRC)): CMD_DEFINES = -Isrc/cmd $(addprefix -I,$(REPORT_ROOMS)) -DODC_PREFIX='"$(PREFIX)"' \
	-DODC_LIB_SUBDIR='"$(LIB_SUBDIR)"' -DODC_LIB_EXPANDS=$(if $(shell sed -n 2p $(BUILD)/abi),1,0) \
	-DODC_VERSION='"$(VERSION)"'

# A C library other than glibc (musl) links the command statically: it then
# starts where that library's loader is not installed too, and says there
# which programs its library is for (src/cmd/loader.c).
GLIBC       = $(shell $(CC) -dM -E -include stdio.h -x c /dev/null 2>/dev/null | grep -c '__GLIBC__ ')
CMD_STATIC  = $(if $(filter 0,$(GLIBC)),-static)

$(BUILD)/odcreat: $(CMD_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) $(CMD_STATIC) -o $@ $(CMD_OBJ)

# The build tree holds each ABI's library where make install puts it under
# PREFIX, in the native tree, so that build/odcreat works as the installed
# one does: build/lib/x86_64-linux-gnu/odcreat/libodcreat.so, and make M32=1
# adds build/lib32/odcreat/libodcreat.so (or lib/i386-linux-gnu).
$(BUILD)/abi.link: $(BUILD)/libodcreat.so $(BUILD)/abi
	@mkdir -p $(dir $(MAIN_BUILD)/$(SHIM_PATH))
	ln -sfr $(BUILD)/libodcreat.so $(MAIN_BUILD)/$(SHIM_PATH)
	@touch $@

$(BUILD)/tests/odc_call: tests/odc_call.c tests/flags.h tests/badptr.h src/core/text/errname.c $(HEADERS) Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< src/core/text/errname.c -lpthread

$(BUILD)/tests/glob_test: tests/glob_test.c src/core/config/glob.c src/core/config/odc_glob.h Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Isrc/core/config -o $@ $< src/core/config/glob.c

$(BUILD)/tests/fold_test: tests/fold_test.c src/core/text/fold.c src/core/text/line.c include/odc_say.h include/odc_line.h \
			  Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< src/core/text/fold.c src/core/text/line.c

$(BUILD)/tests/script_test: tests/script_test.c src/core/text/script.c src/core/text/interpreters.c \
			    src/core/text/odc_interpreter.h include/odc_script.h Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Isrc/core/text -o $@ $< src/core/text/script.c src/core/text/interpreters.c

$(BUILD)/tests/odc_stress: tests/odc_stress.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -lpthread

$(BUILD)/tests/odc_race: tests/odc_race.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< -lpthread

# Without the sanitizers, which have no static runtime.
$(BUILD)/tests/odc_call_static: tests/odc_call.c tests/flags.h tests/badptr.h src/core/text/errname.c $(HEADERS) Makefile
	@mkdir -p $(@D)
	$(CC) -O2 -g $(WARN) -std=gnu11 -D_GNU_SOURCE -Itests -Iinclude -static -o $@ $< src/core/text/errname.c \
		-lpthread

$(BUILD)/tests/odc_call_go: tests/go/odc_call.go Makefile
	@mkdir -p $(@D)
	cd tests/go && CGO_ENABLED=0 GOARCH=$(GO_ARCH) GOCACHE=$(abspath $(BUILD))/go-cache GOPATH=$(abspath $(BUILD))/go \
		go build -o $(abspath $@) odc_call.go

$(BUILD)/tests/odc_deny: tests/odc_deny.c include/odc_meaning.h Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $<

# Preloaded into odcreat: a rename exactly when the supervisor hands a descriptor over.
$(BUILD)/tests/libodc_swap.so: tests/odc_swap.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $< -ldl

# Preloaded into odcreat: a kernel before 5.14, whose ADDFD has no SEND flag.
$(BUILD)/tests/libodc_nosend.so: tests/odc_nosend.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $< -ldl

# Another preloaded library that defines openat2(), and one that defines nothing.
$(BUILD)/tests/libodc_openat2.so: tests/odc_openat2.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $<

$(BUILD)/tests/libempty.so: bench/empty.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $<

# The pair's call made by a program and by a library of its own (tests/site.bats), with debug information.
$(BUILD)/tests/libodc_site.so: tests/odc_site.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -g -fPIC -shared -o $@ $<

$(BUILD)/tests/odc_site: tests/odc_site_main.c $(BUILD)/tests/libodc_site.so
	$(CC) $(TEST_CFLAGS) -g -o $@ $< -L$(BUILD)/tests -lodc_site -ldl -lpthread -Wl,-rpath,'$$ORIGIN'

# Preloaded into odcreat report --resolve: code that took the resolver over (tests/resolve.bats).
$(BUILD)/tests/libodc_confined.so: tests/odc_confined.c Makefile
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $<

# A library whose constructor calls open() before odcreat's constructor has run.
$(BUILD)/tests/libearly.so: tests/early.c
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -fPIC -shared -o $@ $<

$(BUILD)/tests/early_main: tests/early_main.c $(BUILD)/tests/libearly.so
	$(CC) $(TEST_CFLAGS) -o $@ $< -L$(BUILD)/tests -learly -Wl,-rpath,'$$ORIGIN'

test-deps:
	@sh tests/deps.sh check
	@sh tests/deps.sh watch

# Every suite runs where this machine's /etc/odcreat.conf and
# /etc/ld.so.preload cannot reach the programs it tests (tests/isolate.sh).
#
# Where CI runs stages side by side, it names a lock file in ODC_PAIR_LOCK:
# everything that makes pair calls holds it shared, and tests/watch.bats
# alone, since its watcher sees every process's calls, and another stage's
# would land in its counts (a flood of root's calls in root's share).
# (The fresh roots' suites take it themselves, inside.)
PAIR_LOCK  = $(if $(ODC_PAIR_LOCK),flock -s $(ODC_PAIR_LOCK))
WATCH_LOCK = $(if $(ODC_PAIR_LOCK),flock -x $(ODC_PAIR_LOCK))
BATS_ALONE = sh tests/isolate.sh bats --print-output-on-failure
BATS = $(PAIR_LOCK) $(BATS_ALONE)

# Where i386 programs have a loader (Debian's libc6-i386, or libc6:i386),
# odcreat survey start checks that they load the library too, so the
# suites' surveys install the i386 build's beside the native one: build32,
# made here with Debian's cross compiler, whatever CC the native build took.
I386_LOADER := $(if $(filter x86_64,$(shell uname -m)),$(wildcard /lib/ld-linux.so.2))

# The test dependencies first: the Go helper needs Debian's golang-go to build,
# the watcher (make watch) clang, bpftool and libbpf, and the fuzzing
# (make fuzz-check: short runs of the harnesses that read hostile input,
# tests/fuzz/fuzz.mk) clang's libFuzzer.
check: test-deps
	$(MAKE) all $(TEST_BINS) $(SECCOMP_TEST_BINS) watch $(WATCH_TEST_BINS)
	$(if $(I386_LOADER),$(MAKE) M32=1 CC=i686-linux-gnu-gcc all)
	ODC_BUILD=$(BUILD) $(BATS) $(filter-out tests/watch.bats,$(wildcard tests/*.bats))
	ODC_BUILD=$(BUILD) $(WATCH_LOCK) $(BATS_ALONE) tests/watch.bats
	$(MAKE) fuzz-check

# Other ABIs and libcs: the semantics table, with their own test programs,
# run as this machine can (qemu-user where it cannot run the ABI itself),
# through the entry points their libc has: AArch64 has no open(2), musl no
# open64(). (tests/test_helper.bash leaves out openat2 where the emulator
# lacks it, as qemu 7.2 does.)
FOREIGN_CHECK = ODC_BUILD=$(1) ODC_RUN="$$(sed -n 1p $(1)/abi)" ODC_ENTRIES="$(2)" \
	$(BATS) tests/table.bats $(3)

# tests/32: early callers, signals, fork, the i386 variadic ABI, and the
# installed command for 32-bit and 64-bit programs at once. TABLE32= leaves
# the table out: CI's run under qemu-i386 where the machine runs i386
# programs itself, whose table the native run checks (the library is the
# same; qemu's own translation of each call is not odcreat's to test).
TABLE32 ?= tests/table.bats
check32:
	@sh tests/deps.sh 32
	$(MAKE) all $(TEST_BINS)
	$(MAKE) M32=1 all $(subst $(BUILD)/,build32/,$(TEST_BINS))
	ODC_BUILD=build32 ODC_RUN="$$(sed -n 1p build32/abi)" \
		ODC_ENTRIES="open open64 openat openat64 openat2 sys_open sys_openat sys_openat2" \
		$(BATS) $(TABLE32) tests/32

check-aarch64:
	@sh tests/deps.sh aarch64
	$(MAKE) CC=aarch64-linux-gnu-gcc BUILD=build-aarch64 all build-aarch64/tests/odc_call
	$(call FOREIGN_CHECK,build-aarch64,open open64 openat openat64 openat2 sys_openat sys_openat2,tests/aarch64)

check-musl:
	@sh tests/deps.sh musl
	$(MAKE) CC=musl-gcc BUILD=build-musl all build-musl/tests/odc_call
	$(MAKE) $(BUILD)/tests/odc_call
	$(call FOREIGN_CHECK,build-musl,open openat openat2 sys_open sys_openat sys_openat2,tests/musl)

# The two commands of docs/TESTING.md (make demo, make check) on a fresh
# minimal Debian 12 root (tests/fresh/fresh.bats); and the packages built
# with their tests (make deb) in another, entered as a plain chroot, which
# installs only their Build-Depends (tests/fresh/deb.bats).
check-fresh:
	@sh tests/deps.sh fresh
	$(BATS_ALONE) tests/fresh/fresh.bats

check-deb-fresh:
	@sh tests/deps.sh fresh
	$(BATS_ALONE) tests/fresh/deb.bats

# CI's one fresh root: make demo, then make deb with the whole suite
# (tests/fresh/ci.bats), for both of the above at one make check's cost.
check-fresh-ci:
	@sh tests/deps.sh fresh
	$(BATS_ALONE) tests/fresh/ci.bats

# The arm64 packages cross-built in a fresh Debian 12 root, as Debian
# cross-builds them, the watcher against Debian 12's arm64 kernel's BTF
# (tests/fresh/cross.bats).
check-deb-arm64:
	@sh tests/deps.sh fresh
	$(BATS_ALONE) tests/fresh/cross.bats

# debian/tests under autopkgtest-virt-unshare in a fresh Debian 12 testbed,
# as Debian's CI runs them, with packages made here (tests/fresh/autopkgtest.bats);
# DEB_BUILT=1: those in build/deb, which make deb made before (CI's packages stage).
check-autopkgtest:
	@sh tests/deps.sh autopkgtest
	$(if $(DEB_BUILT),,DEB_BUILD_OPTIONS=nocheck DEB_BUILD_PROFILES=nocheck $(MAKE) deb)
	$(BATS_ALONE) tests/fresh/autopkgtest.bats

# The installed packages (autopkgtest, debian/tests): the table and the
# installed command, with test programs built here.
check-installed: $(BUILD)/abi $(BUILD)/tests/odc_call
	ODC_INSTALLED=/usr $(BATS) tests/table.bats tests/installed.bats

# The packages make deb built, installed and removed in an overlay of this
# machine's root, where debian/tests/preload-removal runs (tests/deb/),
# and the survey's suite beside them, from this build (which make deb's
# clean removed), with the i386 library where an i386 loader is.
check-deb:
	$(MAKE) all $(TEST_BINS) $(SECCOMP_TEST_BINS) watch $(WATCH_TEST_BINS)
	$(if $(I386_LOADER),$(MAKE) M32=1 CC=i686-linux-gnu-gcc all)
	$(BATS) tests/deb

# Debian packages, as dpkg-buildpackage -us -uc -b makes them, moved into
# build/deb. DEB_BUILD_OPTIONS=nocheck skips the test suite.
deb:
	@sh tests/deps.sh deb
	dpkg-buildpackage -us -uc -b
	mkdir -p build/deb
	mv ../odcreat_$(VERSION)_* ../libodcreat_$(VERSION)_* ../odcreat-dbgsym_$(VERSION)_* \
		../libodcreat-dbgsym_$(VERSION)_* ../odcreat-watch_$(VERSION)_* \
		../odcreat-watch-dbgsym_$(VERSION)_* build/deb/
	@ls build/deb

# The README's main job: real programs under every mode, side by side.
demo:
	@sh tests/deps.sh demo
	$(MAKE) all
	@$(PAIR_LOCK) sh tests/demo.sh $(BUILD)/odcreat

# The library goes where this ABI's loader expands $LIB under PREFIX; with
# M32=1 only the library, beside the native one, for the same odcreat. The
# README and docs/, which odcreat(1) sends the reader to, in DOCDIR.
DOCS := README.md $(wildcard docs/*.md)

install: all
	install -D -m 0644 $(BUILD)/libodcreat.so $(DESTDIR)$(PREFIX)/$(SHIM_PATH)
ifneq ($(M32),1)
	install -D -m 0755 $(BUILD)/odcreat $(DESTDIR)$(BINDIR)/odcreat
	install -D -m 0644 man/odcreat.1 $(DESTDIR)$(MANDIR)/man1/odcreat.1
	install -D -m 0644 man/odcreat.7 $(DESTDIR)$(MANDIR)/man7/odcreat.7
	install -d $(DESTDIR)$(DOCDIR)/docs
	install -m 0644 README.md $(DESTDIR)$(DOCDIR)/
	install -m 0644 $(filter docs/%,$(DOCS)) $(DESTDIR)$(DOCDIR)/docs/
	@if [ -x $(BUILD)/odcreat-watch ]; then $(MAKE) --no-print-directory install-watch; \
	else echo "make install: no odcreat-watch to install (make watch builds it)"; fi
endif

# Exactly what install put there, then every directory that leaves empty,
# up to PREFIX, but for those a fresh Debian has in /usr/local (base-files);
# UNITDIR where it lies elsewhere.
PREFIX_DIRS := bin etc games include lib sbin share share/man src

uninstall: $(BUILD)/abi
	rm -f $(DESTDIR)$(PREFIX)/$(SHIM_PATH)
ifneq ($(M32),1)
	rm -f $(DESTDIR)$(BINDIR)/odcreat $(DESTDIR)$(MANDIR)/man1/odcreat.1 \
		$(DESTDIR)$(MANDIR)/man7/odcreat.7 $(addprefix $(DESTDIR)$(DOCDIR)/,$(DOCS))
	$(MAKE) --no-print-directory uninstall-watch
endif
	@cd $(DESTDIR)$(PREFIX) 2>/dev/null || exit 0; \
	for dir in $(patsubst $(PREFIX)/%,%,$(dir $(SHIM_PATH)) $(if $(filter 1,$(M32)),, \
		$(BINDIR) $(MANDIR)/man1 $(MANDIR)/man7 $(DOCDIR)/docs $(dir $(WATCH_INSTALLED)) $(UNITDIR))); do \
		case $$dir in /*) continue ;; esac; \
		dir=$${dir%/}; \
		while [ -d "$$dir" ] && case " $(PREFIX_DIRS) " in *" $$dir "*) false ;; esac && \
			rmdir --ignore-fail-on-non-empty "$$dir" && [ ! -d "$$dir" ]; do \
			case $$dir in */*) dir=$${dir%/*} ;; *) break ;; esac; \
		done; \
	done
	$(if $(filter-out $(PREFIX)/%,$(UNITDIR)),@[ ! -d $(DESTDIR)$(UNITDIR) ] || \
		rmdir --ignore-fail-on-non-empty $(DESTDIR)$(UNITDIR))

clean:
	rm -rf build build-san build32 build-aarch64 build-musl

include src/watch/watch.mk
include bench/bench.mk
include tests/fuzz/fuzz.mk
include tests/kernels/kernels.mk
