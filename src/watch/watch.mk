# The watcher, odcreat-watch (src/watch/, make watch): an executable of its
# own, with libbpf, so that the library and the command go on needing
# nothing beyond the C library; make (all) builds none of it. Its kernel
# side is compiled by clang against the target kernel's BTF (vmlinux.h,
# dumped at build time: CO-RE relocates what differs elsewhere), and
# bpftool makes the skeleton that the user side loads it through.
#
# The architecture is the compiler's target, not this machine's: a cross
# build (make CC=aarch64-linux-gnu-gcc ... watch) writes the kernel side for
# AArch64. Its BTF is this kernel's where the build is native, and must be
# given to a cross build, as VMLINUX_BTF=FILE: a kernel's BTF (its
# /sys/kernel/btf/vmlinux) or its image (its package's vmlinuz), which
# src/btf.sh cuts the BTF out of. WATCH_SYSROOT=DIR: where the target's
# libbpf, libelf and zlib are, with their headers (their packages unpacked
# there, dpkg-deb -x), where they are not installed for it.
BPF_CLANG  ?= clang
BPFTOOL    ?= bpftool
WATCH_ARCH := $(patsubst x86_64-%,x86,$(patsubst aarch64-%,arm64,$(TARGET)))
WATCH_NATIVE := $(filter $(WATCH_ARCH),$(patsubst x86_64,x86,$(patsubst aarch64,arm64,$(shell uname -m))))
VMLINUX_BTF ?= $(if $(WATCH_NATIVE),/sys/kernel/btf/vmlinux)
WATCH_SYSROOT ?=
WATCH_GEN  := $(BUILD)/watch
# Its rooms (src/LAYERS): the main loop at the top, load/ and look/; the
# kernel side, bpf/, is built apart, into the skeleton.
WATCH_SRC  := $(wildcard src/watch/*.c src/watch/load/*.c src/watch/look/*.c)
WATCH_OBJ  := $(call obj_of,$(WATCH_SRC))
WATCH_LOOK_OBJ := $(call obj_of,$(wildcard src/watch/look/*.c))
# The core's objects the watcher uses (the log, the state), taken from an
# archive so that only those are linked, and the direct opens (src/direct/),
# which the core's own opens go through: the watcher, like the command,
# interposes nothing, and its messages are folded as the command's are.
WATCH_CORE := $(WATCH_GEN)/libcore.a
WATCH_LIBS := $(WATCH_CORE) $(call obj_of,$(DIRECT_SRC))

.PHONY: watch install-watch uninstall-watch

# Where the kernel has no BTF, nothing to build the kernel side against:
# make watch says so and builds nothing (tests/watch.bats then says why it
# skips). An architecture the kernel side is not written for, or a cross
# build without the target's BTF, fails, saying what to give: never a
# kernel side for this machine's kernel in a build for another's.
watch:
	@case '$(WATCH_ARCH)' in x86|arm64) ;; *) \
		printf '%s\n    %s\n' "make watch: the watcher is written for" \
			"x86-64 and AArch64, not for $(or $(TARGET),what $(CC) builds for)" >&2; exit 1 ;; esac
	@if [ -z '$(VMLINUX_BTF)' ]; then \
		printf '%s\n    %s\n' "make watch: a build for $(TARGET) on $$(uname -m) needs the target" \
			"kernel's BTF: VMLINUX_BTF=FILE, its /sys/kernel/btf/vmlinux or its vmlinuz" >&2; exit 1; \
	elif [ ! -e '$(VMLINUX_BTF)' ] && [ '$(origin VMLINUX_BTF)' != file ]; then \
		echo "make watch: VMLINUX_BTF=$(VMLINUX_BTF) is missing" >&2; exit 1; fi
	@sh tests/deps.sh watch '$(CC)'
	@if [ -e '$(VMLINUX_BTF)' ]; then $(MAKE) --no-print-directory $(BUILD)/odcreat-watch; \
	else echo "make watch: $(VMLINUX_BTF) is missing: this kernel has no BTF to build the watcher against"; fi

# Which BTF, for which architecture: another rebuilds the kernel side.
$(WATCH_GEN)/btf.from: FORCE
	@mkdir -p $(@D)
	@echo '$(WATCH_ARCH) $(abspath $(VMLINUX_BTF))' | cmp -s - $@ || echo '$(WATCH_ARCH) $(abspath $(VMLINUX_BTF))' > $@

$(WATCH_GEN)/vmlinux.btf: $(VMLINUX_BTF) $(WATCH_GEN)/btf.from src/btf.sh
	sh src/btf.sh $< > $@.new
	mv $@.new $@

$(WATCH_GEN)/vmlinux.h: $(WATCH_GEN)/vmlinux.btf
	$(BPFTOOL) btf dump file $< format c > $@.new
	mv $@.new $@

# -mcpu=v3: 32-bit jumps and arithmetic (Linux 5.1), which keep the bounds
# the verifier knows: an entry program is some 15,000 instructions to
# verify, against 184,000 with v2. The atomics that return a value (5.12),
# which 5.10 refuses wherever they stand, clang emits for v2 and v3 alike
# where the code asks for one: tests/watch.bats reads the object for any.
WATCH_BPF_CFLAGS := -g -O2 -Wall -Werror -target bpf -mcpu=v3 -D__TARGET_ARCH_$(WATCH_ARCH) -I$(WATCH_GEN) -Iinclude

$(WATCH_GEN)/watch.bpf.o: src/watch/bpf/watch.bpf.c $(wildcard src/watch/bpf/*.bpf.h) include/odc_watch_event.h \
			  $(WATCH_GEN)/vmlinux.h Makefile src/watch/watch.mk
	$(BPF_CLANG) $(WATCH_BPF_CFLAGS) -c -o $@ $<

$(WATCH_GEN)/watch.skel.h: $(WATCH_GEN)/watch.bpf.o
	$(BPFTOOL) gen skeleton $< name odc_watch_bpf > $@.new
	mv $@.new $@

# Like every product, it reaches the core through include/ alone, and each
# room the others; the skeleton (<watch.skel.h>, the build tree's) is the
# main loop's and the loader's, and the look cannot include it: the
# kernel side's descriptors are not the reader's to reach. A cross build
# finds libbpf's headers in its sysroot.
$(WATCH_OBJ): src/watch/watch.mk
$(WATCH_OBJ): CMD_DEFINES = $(if $(WATCH_SYSROOT),-I$(WATCH_SYSROOT)/usr/include)
$(filter-out $(WATCH_LOOK_OBJ),$(WATCH_OBJ)): $(WATCH_GEN)/watch.skel.h
$(filter-out $(WATCH_LOOK_OBJ),$(WATCH_OBJ)): CMD_DEFINES = -I$(WATCH_GEN) $(if $(WATCH_SYSROOT),-I$(WATCH_SYSROOT)/usr/include)
-include $(WATCH_OBJ:.o=.d)

$(WATCH_CORE): $(call obj_of,$(CORE_SRC))
	rm -f $@
	ar rcs $@ $^

WATCH_LDFLAGS := $(foreach d,$(if $(WATCH_SYSROOT),usr/lib lib),-L$(WATCH_SYSROOT)/$(d)/$(TARGET) \
		   -Wl,-rpath-link,$(WATCH_SYSROOT)/$(d)/$(TARGET))

$(BUILD)/odcreat-watch: $(WATCH_OBJ) $(WATCH_LIBS)
	$(CC) $(CFLAGS) $(LDFLAGS) $(WATCH_LDFLAGS) -o $@ $(WATCH_OBJ) $(WATCH_LIBS) -lbpf

# make install puts the watcher, where make watch built it, where odcreat
# --watch looks (src/cmd/watch.c), and its systemd unit in UNITDIR
# (Debian's rules give /lib/systemd/system); it starts nothing.
UNITDIR ?= $(PREFIX)/lib/systemd/system
WATCH_INSTALLED := $(PREFIX)/libexec/odcreat/odcreat-watch

$(BUILD)/odcreat-watch.service: src/watch/odcreat-watch.service.in $(BUILD)/config src/watch/watch.mk
	sed 's|@BINDIR@|$(BINDIR)|g' $< > $@

install-watch: $(BUILD)/odcreat-watch.service
	install -D -m 0755 $(BUILD)/odcreat-watch $(DESTDIR)$(WATCH_INSTALLED)
	install -D -m 0644 $(BUILD)/odcreat-watch.service $(DESTDIR)$(UNITDIR)/odcreat-watch.service

uninstall-watch:
	rm -f $(DESTDIR)$(WATCH_INSTALLED) $(DESTDIR)$(UNITDIR)/odcreat-watch.service

# tests/watch.bats's callers beyond the suite's own: an io_uring open, a
# FUSE file system that never answers a lookup, and odc_call as a static
# i386 program (run where this machine runs i386's).
WATCH_TEST_BINS := $(BUILD)/tests/odc_uring $(BUILD)/tests/odc_fuse $(if $(filter x86,$(WATCH_ARCH)),$(BUILD)/tests/odc_call_i386)

$(BUILD)/tests/odc_uring: tests/odc_uring.c tests/flags.h src/core/text/errname.c $(HEADERS) src/watch/watch.mk
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< src/core/text/errname.c -ldl

$(BUILD)/tests/odc_fuse: tests/odc_fuse.c src/watch/watch.mk
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $<

$(BUILD)/tests/odc_call_i386: tests/odc_call.c tests/flags.h tests/badptr.h src/core/text/errname.c $(HEADERS) \
			      src/watch/watch.mk
	@mkdir -p $(@D)
	i686-linux-gnu-gcc -O2 -g $(WARN) -std=gnu11 -D_GNU_SOURCE -Itests -Iinclude -static -o $@ $< \
		src/core/text/errname.c -lpthread

# make bench-watch (as root): what the watcher costs the machine's other calls (bench/watch.sh).
.PHONY: bench-watch
bench-watch: watch $(BUILD)/bench/watch_calls $(BUILD)/bench/bpf_stats
	BUILD=$(BUILD) bash bench/watch.sh

$(BUILD)/bench/watch_calls: bench/watch_calls.c bench/batches.h src/watch/watch.mk
	@mkdir -p $(@D)
	$(CC) -O2 -g $(WARN) -std=gnu11 -D_GNU_SOURCE -Ibench -o $@ $<

$(BUILD)/bench/bpf_stats: bench/bpf_stats.c src/watch/watch.mk
	@mkdir -p $(@D)
	$(CC) -O2 -g $(WARN) -std=gnu11 -o $@ $< -lbpf
