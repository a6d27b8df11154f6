#!/usr/bin/env python3
"""names.py [ROOT]: the names that must be the files' own. Each header of
src/ and include/ is guarded by ODC_ and its name (its path under include/,
odc_ left out), upper case, "." and "/" as "_"; each file of the tree that
the Makefile or a *.mk names exists. Prints one line per header and per
name that breaks the rule; exit status 1 if any."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
problems = []

GUARD = re.compile(r"^\s*#\s*ifndef\s+(\w+)")
for top in ("src", "include"):
    for dirpath, _, names in os.walk(os.path.join(root, top)):
        for name in sorted(n for n in names if n.endswith(".h")):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, os.path.join(root, "include")) if top == "include" else name
            if rel.startswith("odc_"):
                rel = rel[len("odc_"):]
            want = "ODC_" + re.sub(r"[./]", "_", rel).upper()
            found = next((m.group(1) for m in map(GUARD.match, open(path, errors="replace")) if m), None)
            if found != want:
                problems.append("%s: guarded by %s, not %s" % (os.path.relpath(path, root), found, want))

# A path of the tree, standing alone: not the end of a longer one ($(BUILD)/tests/...), nor a pattern.
PATH = re.compile(r"(?<![\w/)$.%-])((?:src|include|tests|bench|docs|man|debian|\.ci)/[\w./-]*\w)(?![\w%*$(])")
makefiles = ["Makefile"] + sorted(
    os.path.relpath(os.path.join(d, n), root)
    for d, _, names in os.walk(root) for n in names
    if n.endswith(".mk") and not os.path.relpath(d, root).startswith(("build", ".git")))
for makefile in makefiles:
    for number, line in enumerate(open(os.path.join(root, makefile)), 1):
        for m in PATH.finditer(line):
            if not os.path.exists(os.path.join(root, m.group(1))):
                problems.append("%s:%d: names %s, which is no file of the tree" % (makefile, number, m.group(1)))

print("\n".join(problems))
sys.exit(1 if problems else 0)
