// odc_call.go: the Go counterpart of tests/odc_call.c, for odcreat --seccomp.
// Go makes its system calls itself, so no preloaded library sees them.
//
//	odc_call_go ENTRY PATH FLAGS
//
// ENTRY is go_open (syscall.Open), go_openat (syscall.Openat against a
// descriptor of the current directory, after moving to /) or go_openfile
// (os.OpenFile). FLAGS and the output line are as odc_call's: "RESULT DISK".
package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"syscall"
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
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: odc_call_go ENTRY PATH FLAGS")
		os.Exit(2)
	}
	entry, path, flags := os.Args[1], os.Args[2], parseFlags(os.Args[3])
	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dirfd := -1
	if entry == "go_openat" {
		if dirfd, err = syscall.Open(".", syscall.O_RDONLY|syscall.O_DIRECTORY, 0); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Chdir("/")
	}
	fd, err := call(entry, path, flags, dirfd)
	fmt.Printf("%s %s\n", describe(fd, err), disk(cwd))
}
