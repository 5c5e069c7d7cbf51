#!/usr/bin/env python3
"""Every catch in lib/ and cmd/ against the committed allow-list (issue 22, "one place catches"):
tests/arch/catch_boundaries.txt. A job kind's boundary is its one call of CatchFailure (driver/job_failure.h);
any other handler is listed with why it is not a boundary (it rethrows with more context, it turns a
library's own exception into an Error, it probes). lib/record/ is left out: the recording library's
never-throw edge catches everything by design (ARCHITECTURE.md).
Fails naming each handler or call the list lacks, and each listed one that is gone.
Usage: catch_boundaries.py ROOT [--print]   (--print: the current list, to start a new allow-list from)
"""
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpp_metrics import cpp_files, functions, strip  # noqa: E402

HANDLER = re.compile(r'\bcatch\s*\(\s*(?:const\s+)?([\w:]+|\.\.\.)')
CALL = re.compile(r'\bCatchFailure\s*\(')


def current(root):
    found = collections.Counter()
    for rel in cpp_files(root, ['cmd', 'lib']):
        if rel.startswith('lib/record/'):
            continue
        fns = functions(os.path.join(root, rel))
        code = strip(open(os.path.join(root, rel), encoding='utf-8', errors='replace').read()).split('\n')

        def owner(line):
            best = '(namespace scope)'
            for name, first, n in fns:
                if first <= line < first + n:
                    best = name
            return best

        for k, line in enumerate(code):
            for m in HANDLER.finditer(line):
                found[(rel, owner(k + 1), 'catch ' + m.group(1))] += 1
            if CALL.search(line) and not re.search(r'\bJobFailure\s+CatchFailure\s*\(', line):
                found[(rel, owner(k + 1), 'CatchFailure')] += 1
    return found


def allowed(path):
    listed = collections.Counter()
    for raw in open(path, encoding='utf-8'):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 2)
        if len(parts) != 3:
            sys.exit(f'{path}: not "FILE FUNCTION WHAT": {raw.rstrip()}')
        listed[tuple(parts)] += 1
    return listed


def main():
    root = sys.argv[1]
    now = current(root)
    if '--print' in sys.argv:
        for (rel, fn, what), n in sorted(now.items()):
            for _ in range(n):
                print(f'{rel} {fn} {what}')
        return 0
    listed = allowed(os.path.join(root, 'tests/arch/catch_boundaries.txt'))
    new = now - listed
    gone = listed - now
    for (rel, fn, what), n in sorted(new.items()):
        print(f'not in tests/arch/catch_boundaries.txt ({n}x): {rel} {fn} {what}: a job catches through '
              f'CatchFailure (driver/job_failure.h) once at its top; any other catch must rethrow, or be listed '
              f'with its reason')
    for (rel, fn, what), n in sorted(gone.items()):
        print(f'listed but gone ({n}x): {rel} {fn} {what}: take it out of tests/arch/catch_boundaries.txt')
    boundaries = sum(n for (_, _, what), n in now.items() if what == 'CatchFailure')
    print(f'catch boundaries: {boundaries} calls of CatchFailure; other handlers: {sum(now.values()) - boundaries}')
    return 1 if new or gone else 0


if __name__ == '__main__':
    sys.exit(main())
