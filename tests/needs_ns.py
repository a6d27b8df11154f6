#!/usr/bin/env python3
"""needs_ns.py FILE...: every test of the bats FILEs that runs unshare,
itself or through the file's functions, first calls needs_ns (or its
file's setup does), so that where a chroot or a container refuses the
namespace the test skips, saying so, instead of failing. Prints each test
that does not, "FILE:LINE: TEST", and exits 1 if any."""
import re
import sys

BLOCK = re.compile(r'^(?:@test\s+"(?P<test>(?:[^"\\]|\\.)*)"|(?P<func>[A-Za-z_][A-Za-z0-9_]*)\(\))\s*\{')
CALL = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')


def blocks(path):
    """(kind, name, line, body) for each test and function of PATH."""
    lines = open(path, encoding='utf-8').read().split('\n')
    found, i = [], 0
    while i < len(lines):
        m = BLOCK.match(lines[i])
        if not m:
            i += 1
            continue
        start, body = i, [lines[i][m.end():]]
        if not lines[i].rstrip().endswith('}'):
            i += 1
            while i < len(lines) and lines[i] != '}':
                body.append(lines[i])
                i += 1
        i += 1
        kind, name = ('test', m['test']) if m['test'] is not None else ('func', m['func'])
        # Comments say what runs; they run nothing.
        text = '\n'.join(line for line in body if not line.lstrip().startswith('#'))
        found.append((kind, name, start + 1, text))
    return found


def main(paths):
    bad = 0
    for path in paths:
        found = blocks(path)
        funcs = {name: text for kind, name, _, text in found if kind == 'func'}
        # Functions that make a namespace, directly or through another.
        makes = {name for name, text in funcs.items() if re.search(r'\bunshare\s+-', text)}
        grew = True
        while grew:
            grew = False
            for name, text in funcs.items():
                if name not in makes and makes & set(CALL.findall(text)):
                    makes.add(name)
                    grew = True
        guarded = 'needs_ns' in funcs.get('setup', '')
        for kind, name, line, text in found:
            if kind != 'test' or guarded or 'needs_ns' in text:
                continue
            if re.search(r'\bunshare\s+-', text) or makes & set(CALL.findall(text)):
                print(f'{path}:{line}: {name}')
                bad = 1
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
