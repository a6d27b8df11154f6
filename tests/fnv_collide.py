#!/usr/bin/env python3
"""fnv_collide.py N: 2**N program names whose 64-bit FNV-1a hashes agree in
their low 20 bits, the hash odcreat report once used unkeyed; for the test
that chosen names no longer make it quadratic.

The low bits of FNV-1a depend only on the low bits before them, so the
search runs on 20 bits: from one state, two blocks of four letters that
lead to the same state are found by the birthday bound (about 2**10
tries); N such pairs in a row give 2**N names, all ending in that state.
"""
import itertools
import random
import sys

MASK = (1 << 20) - 1
PRIME = 1099511628211 & MASK


def step(h, block):
    for b in block:
        h = ((h ^ b) * PRIME) & MASK
    return h


def main():
    n = int(sys.argv[1])
    rng = random.Random(28)
    prefix = b"/opt/flood/"
    h = step(14695981039346656037 & MASK, prefix)
    pairs = []
    for _ in range(n):
        seen = {}
        while True:
            block = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(4))
            t = step(h, block)
            if t in seen and seen[t] != block:
                pairs.append((seen[t], block))
                h = t
                break
            seen[t] = block
    out = sys.stdout.buffer
    for choice in itertools.product(*pairs):
        out.write(prefix + b"".join(choice) + b"\n")


main()
