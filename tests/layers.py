#!/usr/bin/env python3
"""layers.py [ROOT]: every #include "..." of src/ and include/ against
src/LAYERS. Prints one line per include that breaks a rule, and per header
of include/ that no folder claims; exit status 1 if any."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
folders, owner, problems = {}, {}, []
for line in open(os.path.join(root, "src/LAYERS")):
    words = line.split("#", 1)[0].split()
    if not words:
        continue
    folders[words[0]] = {"src/core/" + w for w in words[1:] if not w.endswith(".h") and w != "-"}
    for header in words[1:]:
        if header.endswith(".h"):
            owner[header] = words[0]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def allowed(folder, header_folder):
    return header_folder == folder or header_folder in folders.get(folder, set())


def check(path, folder):
    """Each include of PATH, a file of FOLDER's own or one of include/ that it claims."""
    own = os.path.dirname(path) == folder
    parent = os.path.dirname(folder)
    for number, line in enumerate(open(os.path.join(root, path), errors="replace"), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        name = m.group(1)
        where = "%s:%d: includes %s" % (path, number, name)
        if own and "/" not in name and (os.path.exists(os.path.join(root, folder, name)) or
                                        (parent in folders and
                                         os.path.exists(os.path.join(root, parent, name)))):
            continue
        header = name
        if path.startswith("include/"):
            beside = os.path.normpath(os.path.join(os.path.dirname(path)[len("include/"):], name))
            header = beside if beside in owner else name
        if header not in owner:
            problems.append("%s, which is neither its folder's nor one of include/ that src/LAYERS names" % where)
        elif not allowed(folder, owner[header]):
            problems.append("%s, which belongs to %s, which %s may not use" % (where, owner[header], folder))


for folder in folders:
    full = os.path.join(root, folder)
    for name in sorted(os.listdir(full)):
        if name.endswith((".c", ".h")):
            check(os.path.join(folder, name), folder)
for dirpath, _, names in os.walk(os.path.join(root, "src")):
    rel = os.path.relpath(dirpath, root)
    if any(n.endswith((".c", ".h")) for n in names) and rel not in folders:
        problems.append("%s: a folder of sources that src/LAYERS does not name" % rel)
for dirpath, _, names in os.walk(os.path.join(root, "include")):
    for name in sorted(names):
        header = os.path.relpath(os.path.join(dirpath, name), os.path.join(root, "include"))
        if header not in owner:
            problems.append("include/%s: no folder of src/LAYERS claims it" % header)
        else:
            check(os.path.join("include", header), owner[header])

print("\n".join(problems))
sys.exit(1 if problems else 0)
