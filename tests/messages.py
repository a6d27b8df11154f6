#!/usr/bin/env python3
"""messages.py [FILE...]: every message odcreat, the survey, the watcher and
the library print for a person is folded to 80 columns where it is printed
(include/odc_say.h), whatever paths and values it names:

- the command and the watcher (src/cmd, src/watch) say nothing on standard
  error but through odc_say: no fprintf, vfprintf, fputs, fputc, dprintf,
  err or warn to it, and perror only after words short enough for any
  errno's text to follow within 80 columns; the survey (src/cmd/survey)
  speaks on standard output through odc_tell alone, never printf;
- the library (src/core, src/preload), which has no stdio, folds a line
  (odc_line_fold) in every function that writes one to standard error or
  to the descriptor a message is handed (out).

Without FILEs: every .c file under src/. Prints FILE:LINE: what, for each
message printed another way, and exits 1 if there is any.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The longest text strerror gives (glibc's, for EILSEQ), after ": ".
STRERROR_MAX = 49
COLUMNS = 80

# Where a writer is the fold's own, or the words are not odcreat's.
ALLOWED = {
    ("src/cmd/say.c", "odc_say_text"): "the folded writer itself",
    ("src/watch/watch_refusal.c", "odc_libbpf_print"): "libbpf's own words, in its pieces",
}

STDERR_CALL = re.compile(
    r"\b(v?fprintf|fputs|fputc|putc|fwrite|v?dprintf)\s*\(([^;]*?)\bstderr\b|"
    r"\b(v?dprintf)\s*\(\s*(2|STDERR_FILENO)\b|\b(v?errx?|v?warnx?)\s*\(")
PERROR = re.compile(r'\bperror\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)')
PRINTF = re.compile(r"(?<![\w.])(v?printf|puts|putchar)\s*\(")
RAW_WRITE = re.compile(r"(?<![\w.])write\s*\(\s*(STDERR_FILENO|2|out)\s*,")
FUNCTION = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;]*$")
ATTRIBUTE = re.compile(r"__attribute__\s*\(\(.*?\)\)\s*")


def functions(lines):
    """(name, first line number, body lines) of each top-level function."""
    name, start, body, depth = None, 0, [], 0
    for number, line in enumerate(lines, 1):
        if depth == 0:
            m = FUNCTION.match(ATTRIBUTE.sub("", line))
            if m:
                name, start, body = m.group(1), number, []
        body.append((number, line))
        depth += line.count("{") - line.count("}")
        if depth == 0 and body and "}" in line and name:
            yield name, start, body
            name, body = None, []


def uncomment(text):
    """TEXT with its comments blanked, line numbers kept."""
    return re.sub(r"/\*.*?\*/|//[^\n]*",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def check(path, rel):
    found = []
    with open(path, encoding="utf-8") as f:
        lines = uncomment(f.read()).split("\n")
    library = rel.startswith(("src/core/", "src/preload/"))
    survey = rel.startswith("src/cmd/survey/")
    for name, start, body in functions(lines):
        if (rel, name) in ALLOWED:
            continue
        folded = any("odc_line_fold" in line for _, line in body)
        for number, line in body:
            if library:
                if RAW_WRITE.search(line) and not folded:
                    found.append(f"{rel}:{number}: {name} writes a message it has not folded "
                                 "(odc_line_fold)")
                continue
            if STDERR_CALL.search(line):
                found.append(f"{rel}:{number}: {name} writes to standard error past odc_say")
            m = PERROR.search(line)
            if m and len(m.group(1)) + 2 + STRERROR_MAX > COLUMNS:
                found.append(f"{rel}:{number}: perror(\"{m.group(1)}\") can pass {COLUMNS} columns")
            if survey and PRINTF.search(line):
                found.append(f"{rel}:{number}: {name} prints past odc_tell")
    return found


def main(argv):
    paths = argv[1:]
    if not paths:
        for top, _, names in os.walk(os.path.join(ROOT, "src")):
            paths += [os.path.join(top, n) for n in sorted(names) if n.endswith(".c")
                      and not n.endswith(".bpf.c")]
    found = []
    for path in sorted(paths):
        path = os.path.abspath(path)
        found += check(path, path[path.rfind("/src/") + 1:])
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
