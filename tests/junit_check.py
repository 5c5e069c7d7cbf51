#!/usr/bin/env python3
"""Reads a JUnit XML file the way GitLab and Jenkins do (xml.etree) and checks the elements and
attributes they read: <testsuites> > <testsuite name tests failures errors time> > <testcase classname
name time> with at most one <failure message> or <error message>; counts that add up; times that are
numbers. Prints what it read as JSON (suites, their cases, failures and errors with message and text) for
the C++ test to compare; exits 1 with the reason on the first problem."""
import json
import sys
import xml.etree.ElementTree as ET


def fail(why):
    print("junit_check: " + why, file=sys.stderr)
    sys.exit(1)


def number(element, attr, kind=float):
    value = element.get(attr)
    if value is None:
        fail(f"<{element.tag}> has no {attr}")
    try:
        return kind(value)
    except ValueError:
        fail(f"<{element.tag}> {attr}={value!r} is not a number")


def read_case(case):
    for attr in ("classname", "name"):
        if case.get(attr) is None:
            fail(f"<testcase> has no {attr}")
    number(case, "time")
    out = {"classname": case.get("classname"), "name": case.get("name")}
    outcomes = [c for c in case if c.tag in ("failure", "error", "skipped")]
    if len(outcomes) > 1:
        fail(f"<testcase name={case.get('name')!r}> has {len(outcomes)} outcomes")
    for c in outcomes:
        if c.get("message") is None:
            fail(f"<{c.tag}> in {case.get('name')!r} has no message")
        out[c.tag] = {"message": c.get("message"), "type": c.get("type"), "text": c.text or ""}
    system_out = case.find("system-out")
    if system_out is not None:
        out["system-out"] = system_out.text or ""
    return out


def main(path):
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        fail(f"root is <{root.tag}>, not <testsuites>")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    suites = []
    for suite in root:
        if suite.tag != "testsuite":
            fail(f"<testsuites> holds <{suite.tag}>")
        if suite.get("name") is None:
            fail("<testsuite> has no name")
        number(suite, "time")
        cases = [read_case(c) for c in suite.findall("testcase")]
        counts = {"tests": len(cases),
                  "failures": sum("failure" in c for c in cases),
                  "errors": sum("error" in c for c in cases)}
        for k, v in counts.items():
            if number(suite, k, int) != v:
                fail(f"<testsuite name={suite.get('name')!r}> says {k}={suite.get(k)}, holds {v}")
            totals[k] += v
        props = {p.get("name"): p.get("value") for p in suite.findall("properties/property")}
        suites.append({"name": suite.get("name"), "properties": props, "cases": cases})
    for k, v in totals.items():
        if root.get(k) is not None and number(root, k, int) != v:
            fail(f"<testsuites> says {k}={root.get(k)}, holds {v}")
    json.dump({"suites": suites}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
