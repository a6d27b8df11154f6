// odc_call.go: the Go counterpart of tests/odc_call.c, for odcreat --seccomp.
// Go makes its system calls itself, so no preloaded library sees them.
//
//	odc_call_go [-B KIND] [-H KIND] ENTRY PATH FLAGS
//
// ENTRY is go_open (syscall.Open), go_openat (syscall.Openat against a
// descriptor of the current directory, after moving to /), go_openfile
// (os.OpenFile), or go_raw_openat and go_raw_openat2, the bare system calls
// (as go_openat), which can be given pointers no Go string can be: -B
// replaces the path, and -H the open_how, by a pointer of KIND, as
// odc_call's options do (null, unmapped, cross, kernel). FLAGS and the
// output line are as odc_call's: "RESULT DISK", with " LEAK" for a
// descriptor left open by a raw call.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"unsafe"
)

var flagNames = map[string]int{
	"rdonly": syscall.O_RDONLY, "wronly": syscall.O_WRONLY, "rdwr": syscall.O_RDWR,
	"creat": syscall.O_CREAT, "directory": syscall.O_DIRECTORY, "excl": syscall.O_EXCL,
	"trunc": syscall.O_TRUNC, "nofollow": syscall.O_NOFOLLOW, "cloexec": syscall.O_CLOEXEC,
	"append": syscall.O_APPEND,
}

var errnoNames = map[syscall.Errno]string{
	syscall.EINVAL: "EINVAL", syscall.ENOENT: "ENOENT", syscall.ENOTDIR: "ENOTDIR",
	syscall.EISDIR: "EISDIR", syscall.EEXIST: "EEXIST", syscall.EACCES: "EACCES",
	syscall.EPERM: "EPERM", syscall.ELOOP: "ELOOP", syscall.ENAMETOOLONG: "ENAMETOOLONG",
	syscall.EBADF: "EBADF", syscall.EFAULT: "EFAULT", syscall.EMFILE: "EMFILE",
	syscall.ENOSYS: "ENOSYS",
}

const mode = 0755

func parseFlags(list string) int {
	flags := 0
	for _, name := range strings.Split(list, ",") {
		bit, ok := flagNames[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "unknown flag %s\n", name)
			os.Exit(2)
		}
		flags |= bit
	}
	return flags
}

// badPointer is an address of KIND whose first len(head) bytes, if any
// are readable, hold head: the rest runs into an unmapped page.
func badPointer(kind string, head []byte) uintptr {
	switch kind {
	case "null":
		return 0
	case "kernel":
		switch runtime.GOARCH {
		case "amd64":
			return 0xffffffff81000000
		case "arm64":
			return 0xffff800008000000
		}
		return 0xc1000000
	}
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mmap:", err)
		os.Exit(2)
	}
	base := uintptr(unsafe.Pointer(&mem[0]))
	for i := 0; i < page; i++ {
		mem[i] = 'a'
	}
	copy(mem[page-len(head):page], head)
	if _, _, errno := syscall.Syscall(syscall.SYS_MUNMAP, base+uintptr(page), uintptr(page), 0); errno != 0 {
		fmt.Fprintln(os.Stderr, "munmap:", errno)
		os.Exit(2)
	}
	switch kind {
	case "unmapped":
		return base + uintptr(page) + 64
	case "cross":
		return base + uintptr(page-len(head))
	}
	fmt.Fprintf(os.Stderr, "unknown kind of bad pointer %s\n", kind)
	os.Exit(2)
	return 0
}

const sysOpenat2 = 437

// rawCall makes openat or openat2 itself, with the path (and open_how) at
// the addresses given, or at bad ones of the kinds given.
func rawCall(entry, path string, flags, dirfd int, badPath, badHow string) (int, error) {
	cpath := append([]byte(path), 0)
	pathAddr := uintptr(unsafe.Pointer(&cpath[0]))
	if badPath != "" {
		pathAddr = badPointer(badPath, []byte("aaaaaaaaaaaaaaaa"))
	}
	var r uintptr
	var errno syscall.Errno
	if entry == "go_raw_openat" {
		r, _, errno = syscall.Syscall6(syscall.SYS_OPENAT, uintptr(dirfd), pathAddr,
			uintptr(flags), mode, 0, 0)
	} else {
		how := make([]byte, 24)
		*(*uint64)(unsafe.Pointer(&how[0])) = uint64(flags)
		if flags&syscall.O_CREAT != 0 {
			*(*uint64)(unsafe.Pointer(&how[8])) = mode
		}
		howAddr := uintptr(unsafe.Pointer(&how[0]))
		if badHow != "" {
			howAddr = badPointer(badHow, how[:8])
		}
		r, _, errno = syscall.Syscall6(sysOpenat2, uintptr(dirfd), pathAddr, howAddr, 24, 0, 0)
	}
	runtime.KeepAlive(cpath)
	if errno != 0 {
		return -1, errno
	}
	return int(r), nil
}

// openFds counts this process's open descriptors.
func openFds() int {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(entries)
}

// call returns the new descriptor, or the errno.
func call(entry, path string, flags, dirfd int) (int, error) {
	switch entry {
	case "go_open":
		return syscall.Open(path, flags, mode)
	case "go_openat":
		return syscall.Openat(dirfd, path, flags, mode)
	case "go_openfile":
		f, err := os.OpenFile(path, flags, mode)
		if err != nil {
			return -1, err
		}
		// Keep the descriptor for describe, past the File's finalizer.
		return syscall.Dup(int(f.Fd()))
	}
	fmt.Fprintf(os.Stderr, "odc_call_go: unknown entry point %s\n", entry)
	os.Exit(2)
	return -1, nil
}

func describe(fd int, err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		if name, ok := errnoNames[errno]; ok {
			return name
		}
		return fmt.Sprintf("errno%d", int(errno))
	}
	if err != nil {
		return err.Error()
	}
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil {
		return "fd:?"
	}
	defer syscall.Close(fd)
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		return "fd:dir"
	case syscall.S_IFREG:
		return "fd:file"
	}
	return "fd:other"
}

func disk(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		return "-"
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var out []string
	for _, name := range names {
		kind := "?"
		if fi, err := os.Lstat(dir + "/" + name); err == nil {
			switch {
			case fi.IsDir():
				kind = "dir"
			case fi.Mode()&os.ModeSymlink != 0:
				kind = "link"
			case fi.Size() > 0:
				kind = "data"
			default:
				kind = "file"
			}
		}
		out = append(out, name+":"+kind)
	}
	return strings.Join(out, " ")
}

func main() {
	args := os.Args[1:]
	badPath, badHow := "", ""
	for len(args) > 2 && (args[0] == "-B" || args[0] == "-H") {
		if args[0] == "-B" {
			badPath = args[1]
		} else {
			badHow = args[1]
		}
		args = args[2:]
	}
	if len(args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: odc_call_go [-B KIND] [-H KIND] ENTRY PATH FLAGS")
		os.Exit(2)
	}
	entry, path, flags := args[0], args[1], parseFlags(args[2])
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dirfd := -1
	if strings.HasPrefix(entry, "go_openat") || strings.HasPrefix(entry, "go_raw_") {
		if dirfd, err = syscall.Open(".", syscall.O_RDONLY|syscall.O_DIRECTORY, 0); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Chdir("/")
	}
	if strings.HasPrefix(entry, "go_raw_") {
		before := openFds()
		fd, err := rawCall(entry, path, flags, dirfd, badPath, badHow)
		result := describe(fd, err)
		leak := ""
		if openFds() != before {
			leak = " LEAK"
		}
		fmt.Printf("%s %s%s\n", result, disk(cwd), leak)
		return
	}
	fd, err := call(entry, path, flags, dirfd)
	fmt.Printf("%s %s\n", describe(fd, err), disk(cwd))
}
