#!/usr/bin/env python3
"""The documentation's examples, run (ctest doc_test): every fenced block of README.md and docs/*.md, and the
EXAMPLES of the man page docs/iri.1 as groff renders it, against this build's tool, library and Python package.

    doc_test.py CONFIG [FILE...]      CONFIG: the JSON file CMake writes (tests/CMakeLists.txt: doc_test)

What each block is, by its info string:
  ``` (none), sh, console, shell   a shell session when it has "$ " lines: each command (a line ending in "\\"
                                   goes on) run by bash, its standard output and error, merged as a terminal shows
                                   them, compared with the lines after it up to the next "$ "; without "$ " lines,
                                   commands that must succeed
  c, cpp                           compiled (C99, C++20) against the library and run; without a main(), its lines
                                   are main's body (its #include lines go before it)
  python                           a doctest session when it has ">>> " lines; else run as a script
  output                           what the block before it prints (a C, C++ or Python script block), compared
  text                             not run: a synopsis, a file's content
In an expected line, "..." stands for any text (a time, a size that varies). The man page is compared as it shows
the output: a TAB as the spaces to the next of its tab stops. The commands run in a scratch folder
with `iri` first on PATH, the Python package on PYTHONPATH and these files: urls.txt (the 48,010 URLs of
datasets/url-various-datasets/kasztp.txt) and public_suffix_list.dat (tests/crawl's pinned list).

A block that cannot run here is preceded by the comment `<!-- doc-test: skip: REASON -->` (it builds or installs
the project, or needs a cluster); the run lists them. Anything else that differs fails the test, naming the file,
the line and the difference.
"""
from __future__ import annotations

import difflib
import doctest
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

SHELL_INFOS = {"", "sh", "console", "shell"}
SKIP = re.compile(r"<!--\s*doc-test:\s*skip:\s*(.+?)\s*-->")


@dataclass
class Block:
    path: str
    line: int          # of the opening fence
    info: str
    text: str
    skip: str | None = None  # the reason, for a block that cannot run here
    output: "Block | None" = None
    end: int = 0       # the line after its closing fence
    tabs: int = 0      # the tab stops of the page it is shown on (groff's man page: every 5 columns), else none


@dataclass
class Result:
    failures: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    ran: int = 0


def markdown_blocks(path: Path, name: str) -> list[Block]:
    """The fenced blocks of a Markdown file, each with the skip comment before it and its output block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(`{3,})\s*([\w+-]*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3)
        body, j = [], i + 1
        while j < len(lines) and lines[j].strip() != fence:
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        before = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        skip = SKIP.search(before)
        block = Block(name, i + 1, info, "\n".join(body) + "\n", skip.group(1) if skip else None)
        if info == "output" and blocks and blocks[-1].output is None and "".join(lines[blocks[-1].end:i]).strip() == "":
            blocks[-1].output = block
        else:
            block.end = j + 1
            blocks.append(block)
        i = j + 1
    return blocks


def man_blocks(path: Path, name: str) -> list[Block]:
    """The man page's EXAMPLES as `man` shows them (groff, UTF-8 in and out): one shell session."""
    done = subprocess.run(["groff", "-k", "-man", "-Tutf8", "-P-cbou", str(path)], capture_output=True, check=True)
    page = done.stdout.decode("utf-8").split("\n")
    start = page.index("EXAMPLES") + 1
    end = next(k for k in range(start, len(page)) if page[k] and not page[k].startswith(" "))
    text = "\n".join(line[7:] for line in page[start:end]).strip("\n") + "\n"
    source_line = path.read_text(encoding="utf-8").split("\n").index(".SH EXAMPLES") + 1
    return [Block(name + " (EXAMPLES, as groff renders it)", source_line, "", text, tabs=5)]


def matches(expected: list[str], got: list[str]) -> bool:
    if len(expected) != len(got):
        return False
    for want, have in zip(expected, got):
        if "..." in want:
            if not re.fullmatch(".*".join(re.escape(part) for part in want.split("...")), have):
                return False
        elif want != have:
            return False
    return True


def trimmed(text: str) -> list[str]:
    lines = text.split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def compare(where: str, what: str, expected: str, got: str, result: Result) -> None:
    want, have = trimmed(expected), trimmed(got)
    if not matches(want, have):
        diff = "\n".join(difflib.unified_diff(want, have, "documented", "printed", lineterm=""))
        result.failures.append(f"{where}: {what}\n{diff}")


class Runner:
    def __init__(self, config: dict, scratch: Path):
        self.config = config
        self.scratch = scratch
        tool_dir = scratch / "bin"
        tool_dir.mkdir()
        os.symlink(config["iri"], tool_dir / "iri")
        self.env = dict(os.environ, PATH=f"{tool_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
                        PYTHONPATH=config["pythonpath"], LC_ALL="C.UTF-8", PYTHONDONTWRITEBYTECODE="1")
        self.env.pop("PYTHONWARNINGS", None)
        shutil.copy(Path(config["datasets"]) / "url-various-datasets" / "kasztp.txt", scratch / "urls.txt")
        shutil.copy(Path(config["source"]) / "tests" / "crawl" / "public_suffix_list.dat",
                    scratch / "public_suffix_list.dat")

    def shell(self, command: str, timeout: int = 120) -> subprocess.CompletedProcess:
        return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=self.scratch, env=self.env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout, check=False)

    def session(self, b: Block, result: Result) -> None:
        lines = b.text.split("\n")
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                i += 1
                continue
            at = b.line + 1 + i
            command = lines[i][2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1] + "\n" + lines[i]
            i += 1
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                expected.append(lines[i])
                i += 1
            done = self.shell(command)
            result.ran += 1
            printed = done.stdout.decode("utf-8", "replace")
            if b.tabs:  # as the page shows a TAB the command prints: spaces to the next tab stop
                printed = "\n".join(line.expandtabs(b.tabs) for line in printed.split("\n"))
            compare(f"{b.path}:{at}", f"$ {command}", "\n".join(expected), printed, result)

    def commands(self, b: Block, result: Result) -> None:
        done = self.shell(b.text, timeout=600)
        result.ran += 1
        if done.returncode != 0:
            result.failures.append(f"{b.path}:{b.line}: the commands failed ({done.returncode}):\n"
                                   f"{done.stdout.decode('utf-8', 'replace')[-2000:]}")

    def program(self, b: Block, result: Result) -> None:
        c = b.info == "c"
        source = b.text
        if not re.search(r"\bint\s+main\s*\(", source):
            includes = [line for line in source.split("\n") if line.startswith("#include")]
            body = [line for line in source.split("\n") if not line.startswith("#include")]
            head = ["#include <iri.h>", "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>"] if c \
                else ["#include <iri.hpp>", "#include <cstdio>", "#include <iostream>", "#include <string>"]
            source = "\n".join(head + includes + ["int main(void) {" if c else "int main() {"] + body +
                               ["return 0;", "}", ""])
        file = self.scratch / f"block_{b.line}.{'c' if c else 'cpp'}"
        exe = self.scratch / f"block_{b.line}"
        file.write_text(source, encoding="utf-8")
        compiler = [self.config["cc"], "-std=c99"] if c else [self.config["cxx"], "-std=c++20"]
        build = subprocess.run([*compiler, "-Wall", "-Werror", *self.config["compile_flags"], str(file), "-o",
                                str(exe), *self.config["link_flags"]],
                               capture_output=True, text=True, check=False)
        result.ran += 1
        if build.returncode != 0:
            result.failures.append(f"{b.path}:{b.line}: the {b.info} block does not compile:\n{build.stderr[-3000:]}")
            return
        done = self.shell(str(exe))
        if done.returncode != 0:
            result.failures.append(f"{b.path}:{b.line}: the {b.info} block exits with {done.returncode}:\n"
                                   f"{done.stdout.decode('utf-8', 'replace')[-2000:]}")
        if b.output:
            compare(f"{b.path}:{b.output.line}", f"the output of the {b.info} block at line {b.line}",
                    b.output.text, done.stdout.decode("utf-8", "replace"), result)

    def python(self, b: Block, result: Result) -> None:
        result.ran += 1
        if ">>> " in b.text:
            script = ("import doctest, sys, iri\n"
                      "test = doctest.DocTestParser().get_doctest(sys.stdin.read(), {'iri': iri}, "
                      f"{b.path!r}, {b.path!r}, {b.line})\n"
                      "runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)\n"
                      "runner.run(test)\n"
                      "sys.exit(1 if runner.failures else 0)\n")
            done = subprocess.run([self.config["python"], "-c", script], input=b.text.encode("utf-8"),
                                  cwd=self.scratch, env=self.env, capture_output=True, check=False)
            if done.returncode != 0:
                result.failures.append(f"{b.path}:{b.line}: the Python session differs:\n"
                                       f"{done.stdout.decode('utf-8', 'replace')}{done.stderr.decode()}")
            return
        done = subprocess.run([self.config["python"], "-"], input=b.text.encode("utf-8"), cwd=self.scratch,
                              env=self.env, capture_output=True, check=False)
        if done.returncode != 0:
            result.failures.append(f"{b.path}:{b.line}: the Python block fails:\n{done.stderr.decode()[-2000:]}")
        elif b.output:
            compare(f"{b.path}:{b.output.line}", f"the output of the Python block at line {b.line}",
                    b.output.text, done.stdout.decode("utf-8"), result)

    def run(self, b: Block, result: Result) -> None:
        if b.skip:
            result.skipped.append(f"{b.path}:{b.line}: {b.skip}")
        elif b.info in SHELL_INFOS and any(line.startswith("$ ") for line in b.text.split("\n")):
            self.session(b, result)
        elif b.info in SHELL_INFOS:
            self.commands(b, result)
        elif b.info in ("c", "cpp"):
            self.program(b, result)
        elif b.info == "python":
            self.python(b, result)
        elif b.info != "text":
            result.failures.append(f"{b.path}:{b.line}: a block of unknown kind '{b.info}' (see tests/doc_test.py)")


def main() -> int:
    config = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    source = Path(config["source"])
    names = sys.argv[2:] or ["README.md", *sorted(str(p.relative_to(source)) for p in (source / "docs").glob("*.md")),
                             "docs/iri.1"]
    result = Result()
    with tempfile.TemporaryDirectory(prefix="iri-doc-test-") as scratch:
        runner = Runner(config, Path(scratch))
        for name in names:
            path = source / name
            blocks = man_blocks(path, name) if name.endswith(".1") else markdown_blocks(path, name)
            for b in blocks:
                runner.run(b, result)
    for s in result.skipped:
        print(f"not run: {s}")
    for f in result.failures:
        print(f"FAILED {f}\n")
    print(f"doc_test: {result.ran} examples run from {len(names)} files, {len(result.failures)} differ, "
          f"{len(result.skipped)} blocks not run (each says why)")
    return 1 if result.failures else 0


if __name__ == "__main__":
    sys.exit(main())
