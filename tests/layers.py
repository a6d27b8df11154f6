#!/usr/bin/env python3
"""layers.py [ROOT]: every #include "..." of src/ and include/ against
src/LAYERS, and every folder of src/ against its most files. Prints one
line per include that breaks a rule, per header of include/ that no
folder claims, and per folder with too many files; exit status 1 if any."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
folders, owner, problems = {}, {}, []
most, crowded = None, set()
for line in open(os.path.join(root, "src/LAYERS")):
    words = line.split("#", 1)[0].split()
    if not words:
        continue
    if words[0] == "most-files":
        most, crowded = int(words[1]), set(words[2:])
        continue
    # A layer of src/core by its name; any other folder by its path under src/.
    folders[words[0]] = {"src/core/" + w if os.path.isdir(os.path.join(root, "src/core", w))
                         else "src/" + w
                         for w in words[1:] if not w.endswith(".h") and w != "-"}
    for header in words[1:]:
        if header.endswith(".h"):
            owner[header] = words[0]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def circle(folder, path):
    """A way back to FOLDER, PATH's last, through what it uses, or None."""
    for used in sorted(folders.get(path[-1], ())):
        if used == folder:
            return path + [used]
        if used not in path:
            found = circle(folder, path + [used])
            if found:
                return found
    return None


for folder, uses in folders.items():
    for used in sorted(uses - set(folders)):
        problems.append("src/LAYERS: %s uses %s, which it does not name" % (folder, used))
    way = circle(folder, [folder])
    if way:
        problems.append("src/LAYERS: %s uses itself: %s" % (folder, " -> ".join(way)))


def allowed(folder, header_folder):
    return header_folder == folder or header_folder in folders.get(folder, set())


def check(path, folder):
    """Each include of PATH, a file of FOLDER's own or one of include/ that it claims."""
    own = os.path.dirname(path) == folder
    # A parent that uses FOLDER as a room of its own is no parent to it: it
    # reaches the room through include/, and the room may not reach back.
    parent = os.path.dirname(folder)
    if folder in folders.get(parent, set()):
        parent = None
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
        # A room's door is its own header, beside its sources: a folder that
        # uses another of its product's reaches that folder's headers (a
        # layer of src/core it reaches through include/ alone).
        if "/" not in name and any(not used.startswith("src/core/") and
                                   os.path.exists(os.path.join(root, used, name))
                                   for used in folders.get(folder, ())):
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
    files = sum(os.path.isfile(os.path.join(dirpath, n)) for n in names)
    if most is not None and files > most and rel not in crowded:
        problems.append("%s: %d files, more than the %d of src/LAYERS" % (rel, files, most))
for dirpath, _, names in os.walk(os.path.join(root, "include")):
    for name in sorted(names):
        header = os.path.relpath(os.path.join(dirpath, name), os.path.join(root, "include"))
        if header not in owner:
            problems.append("include/%s: no folder of src/LAYERS claims it" % header)
        else:
            check(os.path.join("include", header), owner[header])

print("\n".join(problems))
sys.exit(1 if problems else 0)
