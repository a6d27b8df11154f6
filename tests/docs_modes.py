#!/usr/bin/env python3
"""docs_modes.py ROOT LIST_MODES: every place that describes the modes says
what tests/table.txt and the mode list (odcreat --list-modes, from
include/odc_mode.h) say: the README's two tables of modes and odcreat(7)'s
table. Prints one line per disagreement; exit status 1 if any."""
import re
import sys

root, list_modes = sys.argv[1], sys.argv[2]
problems = []

# README's and odcreat(7)'s names for tests/table.txt's states.
ROWS = [("missing", "missing", "missing"), ("dir", "directory", "directory"),
        ("file", "regular file", "file"), ("link-dir", "symlink to a directory", "link to dir"),
        ("link-file", "symlink to a file", "link to file"),
        ("dangling", "dangling symlink", "dangling link"),
        ("slash", "`new/` (missing)", "new/"), ("noparent", "`a/b`, no `a`", "a/b, no a")]


def words(cell, readme):
    """A table.txt cell ("RESULT DISK") in the README's words or odcreat(7)'s."""
    result, disk = cell.split(" ", 1)[0], cell.split(" ", 1)[1:]
    disk = disk[0] if disk else ""
    made = "t:file" if "t:" in disk and result != "fd:dir" else "p:file"
    what = "target" if "t:file" in disk else "file"
    if result == "fd:dir":
        new = cell.startswith("fd:dir") and state in ("missing", "slash")
        return ("directory made and opened" if new else "opened") if readme else \
            ("new dir" if new else "dir")
    if result == "fd:file":
        return "%s made and opened" % what if readme else "new %s" % what
    if made in disk and state in ("missing", "dangling"):
        return "%s, %s made" % (result, what) if readme else "%s, made" % result
    return result


def table(lines, header):
    """The rows of the table whose first line starts with HEADER: {label: cells}."""
    start = next(i for i, l in enumerate(lines) if l.startswith(header))
    rows = {}
    for line in lines[start + 1:]:
        if not line.strip() or line.startswith("."):
            break
        if line.startswith("|---") or line == "_":
            continue
        cells = [c.strip() for c in (re.split(r"(?<!\\)\|", line.strip("|"))
                                      if line.startswith("|") else line.split("\t"))]
        rows[cells[0]] = cells[1:]
    return rows


table_txt = open(root + "/tests/table.txt").read().splitlines()
modes = next(l for l in table_txt if l.startswith("# flags")).split("|")[2:]
modes = [m.strip() for m in modes]
want = {}
for line in table_txt:
    if line.startswith("#") or not line.strip():
        continue
    cells = [c.strip() for c in line.split("|")]
    if cells[0] == "creat,directory":
        want[cells[1]] = cells[2:]

readme = open(root + "/README.md").read().splitlines()
man = open(root + "/man/odcreat.7").read().replace("\\-", "-").splitlines()
for source, rows, is_readme in (("README", table(readme, "| path | einval"), True),
                                ("odcreat(7)", table(man, "path\teinval"), False)):
    for state, readme_label, man_label in ROWS:
        label = readme_label if is_readme else man_label
        got = rows.get(label)
        if got is None:
            problems.append("%s: no row %r" % (source, label))
            continue
        for mode, cell, said in zip(modes, want[state], got):
            expected = words(cell, is_readme)
            if said != expected and said != expected + ", nothing made":
                problems.append("%s: %s, %s: says %r, tests/table.txt %r (%s)"
                                % (source, label, mode, said, expected, cell))

# The README's list of modes, word for word as --list-modes.
listed = {}
for line in open(list_modes).read().splitlines():
    name, text = line.split(None, 1)
    listed[name] = text.replace(" (default)", "")
for name, cells in table(readme, "| mode | reproduces").items():
    name = name.replace(" (default)", "").strip("`")
    text = cells[0].replace("≥", ">=").replace("≤", "<=").replace("\\|", "|")
    if listed.get(name) != text:
        problems.append("README, mode %s: says %r, --list-modes %r" % (name, text, listed.get(name)))
for name in set(listed) - {n.replace(" (default)", "").strip("`")
                          for n in table(readme, "| mode | reproduces")}:
    problems.append("README: no mode %s" % name)

print("\n".join(problems))
sys.exit(1 if problems else 0)
