#!/usr/bin/env python3
"""links.py ROOT: every link of ROOT's README.md and docs/*.md to a file of
the tree leads to one, and its #anchor, if any, to a heading of that file
(GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
Prints one line per broken link; exit status 1 if any."""
import os
import re
import sys

root = sys.argv[1]
files = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(root, "docs"))
                               if f.endswith(".md"))
FENCE = re.compile(r"^ *```")


def prose(path):
    """PATH's lines outside fenced blocks, with their numbers."""
    inside = False
    for number, line in enumerate(open(os.path.join(root, path)), 1):
        if FENCE.match(line):
            inside = not inside
        elif not inside:
            yield number, line.rstrip("\n")


def anchors(path):
    return {re.sub(r"[^a-z0-9 _-]", "", m.group(1).lower()).replace(" ", "-")
            for _, line in prose(path) for m in [re.match(r"^#+ (.*)$", line)] if m}


problems = []
for path in files:
    for number, line in prose(path):
        for target in re.findall(r"\]\(([^)]+)\)", line):
            if re.match(r"[a-z]+:", target):
                continue
            name, _, anchor = target.partition("#")
            where = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
            if not os.path.exists(os.path.join(root, where)):
                problems.append("%s:%d: %s: no such file" % (path, number, target))
            elif anchor and where.endswith(".md") and anchor not in anchors(where):
                problems.append("%s:%d: %s: no such heading" % (path, number, target))
print("\n".join(problems))
sys.exit(1 if problems else 0)
