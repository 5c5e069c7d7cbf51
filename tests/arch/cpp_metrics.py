#!/usr/bin/env python3
"""C++ figures of tests/arch_metrics.sh (issue 22), over the C++ of cmd/ and lib/:

functions  every function body at namespace or class scope (lambdas count in the function that holds them),
           its length from the first line of its declaration to its closing brace; those over 60 lines listed.
catches    `catch (const Error&` / `catch (const WriteError&` handlers, and those of them that keep the Error
           (their body does not throw: the places an Error is turned into something else), and the calls of
           CatchFailure (driver/job_failure.h, the one helper). lib/record/ (the recording library's never-throw
           edge, by design) is counted apart.
statuses   a run-model status (report/run_result.h) compared with or set from a string literal: `status ==
           "..."`, `status != "..."`, `status = ... "..."`, or any `== "diverged"` of a status word (ok, invalid,
           error, noop, failed, changed, diverged, same, missing); the JSON/JUnit/Markdown writers spell statuses
           through their *Name functions, which these forms never are.
           A function of cmd/ over 60 lines fails the run (issue 22: the command line is small functions).
Usage: cpp_metrics.py ROOT [--list] [--max-statuses N]
  --max-statuses N  exit 1 when more than N string-compared statuses are found (the run model's states are
                    enums since issue 22: the test passes 0)
"""
import os
import re
import sys

LIMIT = 60


def strip(text):
    """The text with comments, string and character literals blanked (line breaks kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            i = j
            continue
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
            continue
        m = re.match(r'R"([^(\s]{0,16})\(', text[i:i + 20]) if c == 'R' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')) else None
        if m:
            end = ')' + m.group(1) + '"'
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + re.sub(r'[^\n]', ' ', text[i + 2:j]))
            i = j
            continue
        if c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):  # 1'000 digit separators
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(c + ' ' * max(0, j - i - 1) + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def functions(path):
    """(name, first line, lines) of each function body at namespace or class scope of `path`."""
    text = strip(open(path, encoding='utf-8', errors='replace').read())
    found = []
    # stack of scopes: 'ns' (namespace/class: functions may start inside), 'fn' (a body), 'other'
    stack = []
    start = 0  # offset where the current declaration's text begins
    line_of = lambda off: text.count('\n', 0, off) + 1
    i = 0
    for m in re.finditer(r'[{};]|^\s*#[^\n]*', text, re.M):
        tok = m.group(0)
        if tok.lstrip().startswith('#'):
            start = m.end()
            continue
        inside_fn = any(s[0] == 'fn' for s in stack)
        if tok == ';':
            if not inside_fn and (not stack or stack[-1][0] == 'ns'):
                start = m.end()
            continue
        if tok == '{':
            if inside_fn or (stack and stack[-1][0] == 'other'):
                stack.append(('other', None, None))
                continue
            head = text[start:m.start()]
            squashed = ' '.join(head.split())
            # access labels (public:) end a declaration's text
            squashed = re.sub(r'^.*\b(public|private|protected)\s*:(?!:)', '', squashed).strip()
            # template <class T> before a declaration says nothing of what it declares
            squashed = re.sub(r'^template\s*<[^<>]*(<[^<>]*>[^<>]*)*>\s*', '', squashed)
            if ('(' in squashed and not re.search(r'\b(namespace|struct|class|union|enum)\b', squashed.split('(')[0])
                    and not re.search(r'=\s*$', squashed) and not squashed.startswith('extern')):
                first = start + (len(head) - len(head.lstrip()))
                name = re.findall(r'([~\w:]+|operator\S+)\s*\(', squashed)
                stack.append(('fn', name[0] if name else '?', line_of(first)))
            elif re.search(r'\b(namespace|struct|class|union)\b', squashed) and not re.search(r'=\s*$', squashed):
                stack.append(('ns', None, None))
            else:
                stack.append(('other', None, None))
            start = m.end()
            continue
        # '}'
        if not stack:
            continue
        kind, name, first = stack.pop()
        if kind == 'fn' and not any(s[0] == 'fn' for s in stack):
            found.append((name, first, line_of(m.start()) - first + 1))
        if not any(s[0] == 'fn' for s in stack) and (not stack or stack[-1][0] == 'ns'):
            start = m.end()
    return found


def cpp_files(root, folders):
    for folder in folders:
        for d, _, files in sorted(os.walk(os.path.join(root, folder))):
            for f in sorted(files):
                if f.endswith(('.cpp', '.h')):
                    yield os.path.relpath(os.path.join(d, f), root)


CATCH = re.compile(r'catch\s*\(\s*const\s+(?:irtrace::)?(Error|WriteError)\s*&')
STATUS = re.compile(r'\bstatus\s*(?:==|!=)\s*"|\bstatus\s*=(?!=)[^;(]*"')
# A status word compared as a string whatever the variable is called (`st == "diverged"`).
STATUS_WORD = re.compile(r'(?:==|!=)\s*"(?:ok|invalid|error|noop|failed|changed|diverged|same|missing)"')


def main():
    root = sys.argv[1]
    listing = '--list' in sys.argv
    files = list(cpp_files(root, ['cmd', 'lib']))
    fns, long_fns = 0, []
    catches, record_catches, statuses, kept = [], [], [], []
    calls = 0
    for rel in files:
        for name, first, n in functions(os.path.join(root, rel)):
            fns += 1
            if n > LIMIT:
                long_fns.append((rel, first, name, n))
        raw = open(os.path.join(root, rel), encoding='utf-8', errors='replace').read()
        code = strip(raw).split('\n')
        raw_lines = raw.split('\n')
        whole = '\n'.join(code)
        for m in CATCH.finditer(whole):
            k = whole.count('\n', 0, m.start())
            where = f'{rel}:{k + 1}'
            if rel.startswith('lib/record/'):
                record_catches.append(where)
                continue
            # the handler's body: from its '{' to the matching '}'
            i = whole.index('{', m.end())
            depth, j = 0, i
            while j < len(whole):
                depth += {'{': 1, '}': -1}.get(whole[j], 0)
                if depth == 0:
                    break
                j += 1
            keeps = re.search(r'\bthrow\b', whole[i:j]) is None
            catches.append(where + ('' if keeps else ' (rethrows)'))
            if keeps:
                kept.append(where)
        calls += len(re.findall(r'\bCatchFailure\s*\(', whole)) - len(re.findall(r'JobFailure\s+CatchFailure\s*\(', whole))
        for k, line in enumerate(code):
            # the literal is blanked in `code`: match the form there, show the raw line
            # (the status words of cmd/ are --fail-on's values, parsed there: not the run model)
            word = STATUS_WORD.search(raw_lines[k]) and rel.startswith('lib/')
            if (STATUS.search(line) or word) and not rel.startswith('lib/record/'):
                statuses.append(f'{rel}:{k + 1}: {raw_lines[k].strip()}')
    pct = 100.0 * len(long_fns) / fns if fns else 0
    print(f'functions over {LIMIT} lines (C++ of cmd/ and lib/): {len(long_fns)} of {fns} ({pct:.1f}%)')
    if listing:
        for rel, first, name, n in sorted(long_fns, key=lambda x: -x[3]):
            print(f'  {n:4d}  {rel}:{first} {name}')
    print(f'catch boundaries (catch (const Error& / WriteError&) in lib/ and cmd/, lib/record/ apart): '
          f'{len(catches)} in {len({c.split(":")[0] for c in catches})} files, {len(kept)} of them keeping the '
          f'Error (not rethrowing) in {len({c.split(":")[0] for c in kept})} files; CatchFailure calls: {calls}; '
          f'lib/record/: {len(record_catches)}')
    if listing:
        for c in catches:
            print(f'  {c}')
    print(f'string-compared statuses (status == / != / = "..." in lib/ and cmd/): {len(statuses)}')
    if listing:
        for s in statuses:
            print(f'  {s}')
    long_cmd = [f for f in long_fns if f[0].startswith('cmd/')]
    print(f'functions over {LIMIT} lines in cmd/: {len(long_cmd)}')
    if long_cmd:
        for rel, first, name, n in long_cmd:
            print(f'FAIL: {rel}:{first} {name} is {n} lines; a function of cmd/ has at most {LIMIT}')
        return 1
    if '--max-statuses' in sys.argv:
        most = int(sys.argv[sys.argv.index('--max-statuses') + 1])
        if len(statuses) > most:
            print(f'FAIL: {len(statuses)} string-compared statuses, at most {most} allowed: use the enums of '
                  f'report/run_result.h')
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
