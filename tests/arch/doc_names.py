#!/usr/bin/env python3
"""Every file and symbol a design document names exists (issue 22, point 7): each `backticked` name of
ARCHITECTURE.md (and lib/report/PAYLOAD.md, assets/AUTOMATION.md) that is
  a path (has a '/' or a file extension: .cpp .h .js .mjs .sh .md .txt .html .css .cmake .in .py .json .1 .3)
      is the tail of a path in the repository (`driver/batch.cpp`, `20_model.js`, `irtrace/session.h`; a
      file pair without its extension, `util/json_writer`; a trailing '/' names a folder; `{a,b}` and `*`
      are expanded), or a file the tool reads at run time (RUNTIME);
  a symbol (an identifier with a capital letter or an underscore or a lowercase letter after a capital,
      `ConvertOne`, `kMarkdownLimit`, `moduleView`, `SplicedModule::Text`, `Model.shown`, `DumpFile::text`)
      appears as a whole word in some C++ or JS source of cmd/, lib/, assets/, tests/ or cmake/ (each part of
      a qualified name).
Flags (`--json`), JSON fields (`"lines"`), commands and prose in backticks are not names and are skipped.
Usage: doc_names.py ROOT [DOC...]   (default: the three, those that exist); also fails when ARCHITECTURE.md is
over 300 lines ("at most 300", issue 22)
"""
import os
import re
import sys

EXT = ('.cpp', '.h', '.js', '.mjs', '.sh', '.md', '.txt', '.html', '.css', '.cmake', '.in', '.py', '.json',
       '.1', '.3')
SOURCE_EXT = ('.cpp', '.h', '.js', '.mjs', '.cmake', '.in', '.sh', '.py', '.txt', '.html')


def expand(name):
    m = re.search(r'\{([^{}]*)\}', name)
    if not m:
        return [name]
    return [x for alt in m.group(1).split(',') for x in expand(name[:m.start()] + alt + name[m.end():])]


# Files the tool reads or writes at run time, named as such (not files of the repository).
RUNTIME = {'runs.txt', 'phases.txt', 'js/NN_name.js'}
_tree = None


def tree(root):
    """Every file and folder of the repository (build output and node_modules aside), '/'-separated."""
    global _tree
    if _tree is None:
        _tree = set()
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if x not in ('.git', 'build', 'node_modules') and not re.match(r'build[-.]', x)]
            rel = os.path.relpath(d, root).replace(os.sep, '/')
            rel = '' if rel == '.' else rel + '/'
            _tree.update(rel + x + '/' for x in dirs)
            _tree.update(rel + f for f in files)
    return _tree


def path_exists(root, name):
    """True when every expansion of `name` is a file (or, with a trailing '/', a folder) of the repository:
    from the root or one of PLACES, or anywhere as the tail of a path (a file named inside its folder's
    row), or a file pair named without its extension (`util/json_writer`)."""
    for n in expand(name):
        if n in RUNTIME:
            continue
        want = [n] if '.' in os.path.basename(n.rstrip('/')) or n.endswith('/') else [n, n + '/', n + '.h', n + '.cpp']
        pattern = re.compile('(^|/)(' + '|'.join(re.escape(w).replace(r'\*', '[^/]*') for w in want) + ')$')
        if not any(pattern.search(f) for f in tree(root)):
            return False
    return True


def words(root):
    text = []
    for folder in ['cmd', 'lib', 'assets', 'tests', 'cmake', 'scripts', 'CMakeLists.txt']:
        top = os.path.join(root, folder)
        files = [top] if os.path.isfile(top) else [os.path.join(d, f) for d, _, fs in os.walk(top) for f in fs]
        for f in files:
            if f.endswith(SOURCE_EXT) or os.path.basename(f) == 'CMakeLists.txt':
                text.append(open(f, encoding='utf-8', errors='replace').read())
    return set(re.findall(r'[A-Za-z_][A-Za-z0-9_]*', '\n'.join(text)))


def is_symbol(part):
    return (re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*', part) is not None
            and (re.search(r'[A-Z_]', part) is not None) and not re.fullmatch(r'[A-Z]+', part))


def check(root, doc, known):
    bad = []
    text = open(os.path.join(root, doc), encoding='utf-8').read()
    text = re.sub(r'```.*?```', '', text, flags=re.S)  # code blocks: examples, not names
    for lineno, line in enumerate(text.split('\n'), 1):
        for name in re.findall(r'`([^`]+)`', line):
            name = name.strip()
            if not name or name == '/' or name.startswith(('-', '"', "'", '#', '$', '<', '.')) or ' ' in name or '=' in name:
                continue
            looks_path = ('/' in name or name.endswith(EXT)) and re.fullmatch(r'[\w./{},*+-]+', name)
            if looks_path:
                if name.startswith(('http', 'OUTDIR', 'ROOT', 'DIR', 'NAME', 'ptoas', 'passes_dump')):
                    continue
                if not path_exists(root, name):
                    bad.append(f'{doc}:{lineno}: no file {name}')
                continue
            m = re.fullmatch(r'([A-Za-z_][\w]*(?:(?:::|\.)[A-Za-z_]\w*)*)(?:\(\))?', name)
            if not m:
                continue
            parts = re.split(r'::|\.', m.group(1))
            if not any(is_symbol(p) for p in parts):
                continue
            for p in parts:
                if p not in known:
                    bad.append(f'{doc}:{lineno}: no symbol {p} (of `{name}`)')
    return bad


def main():
    root = sys.argv[1]
    docs = sys.argv[2:] or [d for d in ['ARCHITECTURE.md', 'lib/report/PAYLOAD.md', 'assets/AUTOMATION.md'] if os.path.exists(os.path.join(root, d))]
    known = words(root)
    bad = [b for d in docs for b in check(root, d, known)]
    n = sum(1 for _ in open(os.path.join(root, 'ARCHITECTURE.md'), encoding='utf-8'))
    if n > 300:
        bad.append(f'ARCHITECTURE.md: {n} lines, at most 300: move a format or a contract to its own document')
    for b in bad:
        print(b)
    print(f'{len(bad)} names in {", ".join(docs)} that do not exist')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
