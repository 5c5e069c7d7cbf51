// The run summaries (--json, --junit, --markdown; lib/driver/summary_files.h and the writers in
// lib/report/) through the command line, in-process (cli::Main, as main() calls it) and with the real
// binary.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "report/markdown_summary.h"
#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using irtrace::test::ReadFile;
using irtrace::test::Run;
using irtrace::test::ShellQuote;
using irtrace::test::TempDir;
using irtrace::test::WriteFile;
using irtrace::test::WriteTwoPassDump;
using Json = nlohmann::json;

using irtrace::test::CliResult;
using irtrace::test::RunMain;

// Under `root`: "good/d" (clean), "hurt/d" (pass 1 failed, pass 2 warned), "bad/d" (invalid: no pass).
void WriteMixedRoot(const std::string& root) {
  WriteTwoPassDump(root + "/good/d");
  WriteTwoPassDump(root + "/hurt/d", "note\nerror: verifier failed\n  at op 3\n");
  WriteFile(root + "/hurt/d/02_after_B.log", "slow pass\n");
  WriteFile(root + "/bad/d/00_frontend.py", "x\n");
}

// The dump of `doc` whose path ends in `suffix`.
const Json& DumpEndingIn(const Json& doc, const std::string& suffix) {
  for (const Json& d : doc["dumps"]) {
    std::string p = d["path"];
    if (p.size() >= suffix.size() && p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0) return d;
  }
  FAIL("no dump ending in " + suffix);
  throw;
}

// Checks `xml` with `xmllint --noout` (when installed: outside CI a missing xmllint skips with a warning)
// and reads it with tests/junit_check.py (Python's xml.etree, as GitLab and Jenkins read it); returns
// what the script read.
Json CheckJunit(const std::string& xml) {
  auto has_xmllint = Run("command -v xmllint");
  if (has_xmllint.exit_code == 0) {
    auto lint = Run("xmllint --noout " + ShellQuote(xml));
    INFO(lint.err);
    CHECK(lint.exit_code == 0);
  } else if (std::getenv("CI") != nullptr) {
    FAIL("xmllint is missing (Debian libxml2-utils; scripts/setup.sh --tests installs it)");
  } else {
    WARN("xmllint is missing (Debian libxml2-utils): the JUnit file is not linted");
  }
  auto read =
      Run("python3 " + ShellQuote(std::string(IRTRACE_SOURCE_DIR) + "/tests/junit_check.py") + " " + ShellQuote(xml));
  INFO(read.err);
  REQUIRE(read.exit_code == 0);
  return Json::parse(read.out);
}

const Json& SuiteEndingIn(const Json& junit, const std::string& suffix) {
  for (const Json& s : junit["suites"]) {
    std::string n = s["name"];
    if (n.size() >= suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0) return s;
  }
  FAIL("no testsuite ending in " + suffix);
  throw;
}

}  // namespace

TEST_CASE("summaries: --json describes every dump of a batch, written although the exit code is 1", "[summaries]") {
  TempDir t;
  WriteMixedRoot(t / "root");
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--json", t / "run.json"});
  CHECK(r.code == 1);
  Json doc = Json::parse(ReadFile(t / "run.json"));
  CHECK(doc["schema"] == 1);
  CHECK(doc["check"] == false);
  REQUIRE(doc["dumps"].size() == 3);
  const Json& good = DumpEndingIn(doc, "/good/d");
  CHECK(good["status"] == "ok");
  CHECK(good["title"] == "d");  // its own name: a dump not named passes_dump
  CHECK(good["report"] == t / "out/good__d.html");
  CHECK(good["error"].is_null());
  CHECK(good["counts"] == Json::parse(R"({"passes":2,"changed":1,"noop":1,"failed":0,"codegen":0,"warnings":0})"));
  CHECK(good["input_bytes"] == 3 * 22);
  CHECK(good["seconds"].is_number());
  const Json& hurt = DumpEndingIn(doc, "/hurt/d");
  CHECK(hurt["status"] == "ok");  // a failed pass does not make the dump invalid
  CHECK(hurt["counts"]["failed"] == 1);
  CHECK(hurt["failed_passes"] == Json::parse(R"([{"num":1,"name":"A","error":"error: verifier failed"}])"));
  CHECK(hurt["warnings"] == Json::parse(R"([{"num":2,"entry":"B","text":"slow pass\n"}])"));
  const Json& bad = DumpEndingIn(doc, "/bad/d");
  CHECK(bad["status"] == "invalid");
  CHECK(bad["report"].is_null());
  CHECK(bad["title"].is_null());
  CHECK(bad["error"] == "no pass snapshot (NN_after_<Pass>.<ext>)");
  CHECK(bad["counts"]["passes"] == 0);
}

TEST_CASE("summaries: --json for one dump, with --check", "[summaries]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  CliResult r = RunMain({t / "d", "--check", "--json", t / "check.json"});
  CHECK(r.code == 0);
  Json doc = Json::parse(ReadFile(t / "check.json"));
  CHECK(doc["check"] == true);
  REQUIRE(doc["dumps"].size() == 1);
  CHECK(doc["dumps"][0]["path"] == t / "d");
  CHECK(doc["dumps"][0]["report"].is_null());
  CHECK(doc["dumps"][0]["status"] == "ok");
  // Written, with the dump's error, when the only dump is invalid.
  WriteFile(t / "bad/00_frontend.py", "x\n");
  CliResult bad = RunMain({t / "bad", "-o", t / "bad.html", "--json", t / "bad.json"});
  CHECK(bad.code == 1);
  Json b = Json::parse(ReadFile(t / "bad.json"));
  CHECK(b["dumps"][0]["status"] == "invalid");
  CHECK(b["dumps"][0]["report"].is_null());
  CHECK_FALSE(fs::exists(t / "bad.html"));
  CliResult one = RunMain({t / "d", "-o", t / "r.html", "-q", "--json", t / "one.json"});
  CHECK(one.code == 0);
  CHECK(Json::parse(ReadFile(t / "one.json"))["dumps"][0]["report"] == t / "r.html");
}

TEST_CASE("summaries: one standard output, paths not options, a summary that cannot be written", "[summaries]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  CliResult clash = RunMain({t / "d", "-o", "-", "--json", "-"});
  CHECK(clash.code == 2);
  CHECK(clash.err ==
        "ir-trace: error: only one output can go to standard output, got -o - and --json - (see ir-trace --help)\n");
  CHECK(RunMain({t / "d", "--check", "--json", "-", "--junit", "-"}).code == 2);
  CHECK(RunMain({t / "d", "--json", "-q"}).err ==
        "ir-trace: error: --json takes a path, got the option '-q' (write ./-q for a file of that name) (see ir-trace "
        "--help)\n");
  CHECK(RunMain({t / "d", "--json", ""}).err == "ir-trace: error: --json is an empty path (see ir-trace --help)\n");
  CliResult unwritable = RunMain({t / "d", "--check", "--json", t / "no/such/run.json"});
  CHECK(unwritable.code == 1);
  CHECK_THAT(unwritable.err, Catch::Contains("run.json"));
}

TEST_CASE("summaries: the real binary writes --json to standard output", "[summaries]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  // --check writes no report, so -o - does not compete for standard output.
  auto r = Run(ShellQuote(IRTRACE_BINARY) + " " + ShellQuote(t / "d") + " --check -o - --json -");
  CHECK(r.exit_code == 0);
  Json doc = Json::parse(r.out);
  CHECK(doc["dumps"][0]["status"] == "ok");
  CHECK(r.err == "checked " + t / "d" + ": 2 passes, 1 changed, 0 warnings\n");
}

TEST_CASE("summaries: the real binary writes --json for the shared fixtures", "[summaries][fixtures]") {
  std::string root = irtrace::test::SharedFixtures();
  if (root.empty()) {
    WARN("no shared fixtures; skipped");
    return;
  }
  TempDir t;
  auto r = Run(ShellQuote(IRTRACE_BINARY) + " --find " + ShellQuote(root) + " --check -q -j 2 --json " +
               ShellQuote(t / "run.json"));
  CHECK(r.exit_code == 0);
  Json doc = Json::parse(ReadFile(t / "run.json"));
  REQUIRE(doc["dumps"].size() == 6);
  for (const Json& d : doc["dumps"]) {
    CHECK(d["status"] == "ok");
    CHECK(d["counts"]["passes"] > 0);
  }
  CHECK(DumpEndingIn(doc, "qwen3_32b_training/passes_dump")["title"] == "Qwen332BTrainingForwardBackward");
}

TEST_CASE("summaries: --junit, a suite per dump, a case per pass, hostile names escaped", "[summaries][junit]") {
  TempDir t;
  WriteMixedRoot(t / "root");
  // A dump whose path, pass name and log hold markup, quotes, a CDATA end, control characters and a byte
  // that is not UTF-8.
  std::string hostile = t / "root/we<ird&\"]]>\x01\x1b\xff/d";
  std::string pass = "P<&\"]]>\x02'";
  WriteFile(hostile + "/00_frontend.py", "x = 1\n");
  WriteFile(hostile + "/01_after_" + pass + ".py", "x = 2\n");
  WriteFile(hostile + "/01_after_" + pass + ".log", "error: bad \x03 ]]> <x> & \"q\"\r\nmore\n");
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--junit", t / "junit.xml"});
  CHECK(r.code == 1);
  Json junit = CheckJunit(t / "junit.xml");
  REQUIRE(junit["suites"].size() == 4);

  const Json& good = SuiteEndingIn(junit, "/good/d");
  CHECK(good["properties"]["title"] == "d");
  CHECK(good["properties"]["report"] == t / "out/good__d.html");
  REQUIRE(good["cases"].size() == 2);
  CHECK(good["cases"][0]["classname"] == t / "root/good/d");
  CHECK(good["cases"][0]["name"] == "01 A");
  CHECK(good["cases"][1]["name"] == "02 B");
  CHECK_FALSE(good["cases"][0].contains("failure"));

  const Json& hurt = SuiteEndingIn(junit, "/hurt/d");
  CHECK(hurt["cases"][0]["failure"]["message"] == "error: verifier failed");
  CHECK(hurt["cases"][0]["failure"]["text"] == "note\nerror: verifier failed\n  at op 3\n");
  CHECK_FALSE(hurt["cases"][1].contains("failure"));
  CHECK(hurt["cases"][1]["system-out"] == "slow pass\n");

  const Json& bad = SuiteEndingIn(junit, "/bad/d");
  REQUIRE(bad["cases"].size() == 1);
  CHECK(bad["cases"][0]["name"] == "dump contract");
  CHECK(bad["cases"][0]["error"]["message"] == "no pass snapshot (NN_after_<Pass>.<ext>)");
  CHECK(bad["cases"][0]["error"]["type"] == "invalid");

  std::string shown_path = t / "root/we<ird&\"]]>\\x01\\x1B\xEF\xBF\xBD/d";
  const Json& odd = SuiteEndingIn(junit, "]]>\\x01\\x1B\xEF\xBF\xBD/d");
  CHECK(odd["name"] == shown_path);
  REQUIRE(odd["cases"].size() == 1);
  CHECK(odd["cases"][0]["classname"] == shown_path);
  CHECK(odd["cases"][0]["name"] == "01 P<&\"]]>\\x02'");
  CHECK(odd["cases"][0]["failure"]["message"] == "error: bad \\x03 ]]> <x> & \"q\"");
  CHECK(odd["cases"][0]["failure"]["text"] == "error: bad \\x03 ]]> <x> & \"q\"\r\nmore\n");
}

TEST_CASE("summaries: the real binary writes --junit for one dump with --check", "[summaries][junit]") {
  TempDir t;
  WriteTwoPassDump(t / "d", "error: broken\n");
  auto r = Run(ShellQuote(IRTRACE_BINARY) + " " + ShellQuote(t / "d") + " --check -q --fail-on failed --junit " +
               ShellQuote(t / "j.xml"));
  CHECK(r.exit_code == 1);  // written although the run fails
  Json junit = CheckJunit(t / "j.xml");
  REQUIRE(junit["suites"].size() == 1);
  CHECK(junit["suites"][0]["properties"].count("report") == 0);  // --check writes no report
  CHECK(junit["suites"][0]["cases"][0]["failure"]["message"] == "error: broken");
}

namespace {

// The rows of the Markdown table in `md` (lines starting with '|'), each split at its unescaped '|'.
std::vector<std::vector<std::string>> TableRows(const std::string& md) {
  std::vector<std::vector<std::string>> rows;
  for (const std::string& line : irtrace::test::SplitLines(md)) {
    if (line.empty() || line[0] != '|') continue;
    std::vector<std::string> cells;
    std::string cell;
    for (size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) {
        cell += line.substr(i, 2);
        ++i;
      } else if (line[i] == '|') {
        cells.push_back(cell.size() >= 2 ? cell.substr(1, cell.size() - 2) : cell);
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

TEST_CASE("summaries: --markdown, one row per dump, problems first, hostile names inert", "[summaries][markdown]") {
  TempDir t;
  WriteMixedRoot(t / "root");
  std::string hostile = t / "root/x|y`<b>&\n| a | b |/passes_dump";  // the title: its parent's name
  WriteTwoPassDump(hostile);
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown", t / "ci/summary.md"});
  CHECK(r.code == 1);  // the invalid dump; the summary is written all the same
  REQUIRE(fs::is_directory(t / "ci") == false);  // its directory must exist: nothing was made
  fs::create_directory(t / "ci");
  r = RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown", t / "ci/summary.md"});
  CHECK(r.code == 1);
  std::string md = ReadFile(t / "ci/summary.md");
  CHECK_THAT(md, Catch::StartsWith("### ir-trace: 4 dumps, 1 invalid, 1 with failed passes, 1 with warnings\n\n"));
  CHECK(md.find('<') == std::string::npos);  // no HTML, however the names are spelled
  auto rows = TableRows(md);
  REQUIRE(rows.size() == 6);  // heading, delimiter, 4 dumps
  for (const auto& row : rows) CHECK(row.size() == 8);
  CHECK(rows[0][0] == "Status");
  CHECK_THAT(rows[2][0], Catch::Contains("invalid: no pass snapshot \\(NN\\_after\\_&lt;Pass&gt;.&lt;ext&gt;\\)"));
  CHECK_THAT(rows[2][2], Catch::EndsWith("/bad/d"));
  CHECK(rows[2][7] == "\xE2\x80\x94");  // no report
  CHECK_THAT(rows[3][0], Catch::Contains("failed: 01 A: error: verifier failed"));
  CHECK(rows[3][7] == "[report](../out/hurt__d.html)");
  CHECK(rows[3][6] == "1");
  // The clean ones in the run's (sorted) order: good, then the hostile one.
  CHECK_THAT(rows[4][2], Catch::EndsWith("/good/d"));
  CHECK(rows[5][1] == "x\\|y\\`&lt;b&gt;&amp; \\| a \\| b \\|");
  CHECK(rows[5][7] ==
        "[report](../out/x%2B7Cy%2B60%2B3Cb%2B3E%2B26%2B0A%2B7C%2B20a%2B20%2B7C%2B20b%2B20%2B7C__passes_dump.html)");
  CHECK(fs::exists(t / "out/x+7Cy+60+3Cb+3E+26+0A+7C+20a+20+7C+20b+20+7C__passes_dump.html"));
}

TEST_CASE("summaries: the real binary writes all three for one dump with --check", "[summaries][markdown]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  auto r = Run(ShellQuote(IRTRACE_BINARY) + " " + ShellQuote(t / "d") + " --check --markdown - --json " +
               ShellQuote(t / "r.json") + " --junit " + ShellQuote(t / "r.xml"));
  CHECK(r.exit_code == 0);
  auto rows = TableRows(r.out);
  REQUIRE(rows.size() == 3);
  CHECK(rows[2][0] == "\xE2\x9C\x85 ok");
  CHECK(rows[2][3] == "2");
  CHECK(rows[2][7] == "\xE2\x80\x94");
  CHECK(Json::parse(ReadFile(t / "r.json"))["dumps"].size() == 1);
  CHECK(CheckJunit(t / "r.xml")["suites"].size() == 1);
}

TEST_CASE("summaries: --markdown of 40 dumps with 60 KB error lines stays within 1 MiB", "[summaries][markdown]") {
  TempDir t;
  // MLIR prints a dense attribute on one line: each failed pass's first error line is ~60 KB.
  std::string dense =
      "error: 'arith.constant' op failed to verify: dense<\"0x" + std::string(60000, 'F') + "\"> : tensor<8xf32>\n";
  for (int i = 0; i < 40; ++i) WriteTwoPassDump(t / ("root/k" + std::to_string(i) + "/d"), dense);
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown", t / "summary.md"});
  CHECK(r.code == 0);
  std::string md = ReadFile(t / "summary.md");
  CHECK(md.size() <= 1048576);  // 2.4 MB before: GitHub would drop it whole
  auto rows = TableRows(md);
  REQUIRE(rows.size() == 42);  // all 40 dumps listed
  for (size_t i = 2; i < rows.size(); ++i) {
    REQUIRE(rows[i].size() == 8);
    CHECK_THAT(
        rows[i][0],
        Catch::StartsWith("\xE2\x9D\x8C failed: 01 A: error: 'arith.constant' op failed to verify: dense&lt;\"0xFFF"));
    CHECK_THAT(rows[i][0], Catch::EndsWith("F\xE2\x80\xA6"));
    CHECK_THAT(rows[i][7], Catch::StartsWith("[report](out/k"));
  }
}

TEST_CASE("summaries: --markdown-append keeps the earlier bytes, within 1 MiB counting them", "[summaries][markdown]") {
  TempDir t;
  WriteMixedRoot(t / "root");
  std::string earlier = "## Build\n\nbuilt 3 kernels";  // no final newline: the summary still starts a line
  WriteFile(t / "step.md", earlier);
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown-append", t / "step.md"});
  CHECK(r.code == 1);  // the invalid dump: appended all the same
  std::string md = ReadFile(t / "step.md");
  CHECK_THAT(
      md, Catch::StartsWith(earlier + "\n### ir-trace: 3 dumps, 1 invalid, 1 with failed passes, 1 with warnings\n\n"));
  CHECK(TableRows(md).size() == 5);
  CHECK(TableRows(md)[3][7] == "[report](out/hurt__d.html)");  // relative to the file's directory
  // A second step appends again: both summaries are there.
  CHECK(RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown-append", t / "step.md"}).code == 1);
  std::string twice = ReadFile(t / "step.md");
  CHECK(twice.compare(0, md.size(), md) == 0);
  CHECK(TableRows(twice).size() == 10);
  // A new file is made.
  CHECK(RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown-append", t / "new.md"}).code == 1);
  CHECK_THAT(ReadFile(t / "new.md"), Catch::StartsWith("### ir-trace: 3 dumps"));

  // Earlier bytes that leave too little room: the rows that do not fit are counted, the index named.
  std::string big(1048576 - 500, 'x');
  big += "\n";
  WriteFile(t / "big.md", big);
  CHECK(RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown-append", t / "big.md"}).code == 1);
  std::string cut = ReadFile(t / "big.md");
  CHECK(cut.size() <= 1048576);
  CHECK(cut.compare(0, big.size(), big) == 0);
  CHECK_THAT(cut, Catch::Contains(" not listed here (GitHub drops a step summary over 1 MiB); every dump is in the "
                                  "index " +
                                  irtrace::MarkdownCell(t / "out/index.html") + ".\n"));
  CHECK(TableRows(cut).size() < 5);
  // Earlier bytes that leave no room for a table: one short line, then nothing once even that does not fit.
  std::string full(1048576 - 100, 'x');
  WriteFile(t / "full.md", full);
  CHECK(RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown-append", t / "full.md"}).code == 1);
  CHECK(ReadFile(t / "full.md") == full + "\n" + irtrace::kLeftOutLine);
  std::string brim(1048576 - 10, 'x');
  WriteFile(t / "brim.md", brim);
  CHECK(RunMain({"--find", t / "root", "-o", t / "out/", "-q", "--markdown-append", t / "brim.md"}).code == 1);
  CHECK(ReadFile(t / "brim.md") == brim);
}

TEST_CASE("summaries: --markdown-append that fails part-way leaves the earlier bytes as they were",
          "[summaries][markdown]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  std::string earlier(6000, 'e');  // past ulimit -f 12 (dash: 512-byte blocks, 6144 bytes) once appended to
  WriteFile(t / "step.md", earlier);
  auto r = Run("ulimit -f 12; " + ShellQuote(IRTRACE_BINARY) + " " + ShellQuote(t / "d") +
               " --check --markdown-append " + ShellQuote(t / "step.md"));
  CHECK(r.exit_code == 1);
  CHECK(r.err == "checked " + t / "d" +
                     ": 2 passes, 1 changed, 0 warnings\nir-trace: error: --markdown-append summary "
                     "not written: cannot write '" +
                     t / "step.md" + "': File too large\n");
  CHECK(ReadFile(t / "step.md") == earlier);  // the part written before the limit is cut off again
}

TEST_CASE("summaries: --markdown and --markdown-append are one or the other", "[summaries][markdown]") {
  TempDir t;
  WriteTwoPassDump(t / "d");
  CliResult r = RunMain({t / "d", "--check", "--markdown", t / "a.md", "--markdown-append", t / "b.md"});
  CHECK(r.code == 2);
  CHECK(r.err ==
        "ir-trace: error: --markdown replaces FILE and --markdown-append appends to it: give one (see "
        "ir-trace --help)\n");
  CHECK_FALSE(fs::exists(t / "a.md"));
  CHECK_FALSE(fs::exists(t / "b.md"));
  CHECK(RunMain({t / "d", "--check", "--markdown-append", ""}).err ==
        "ir-trace: error: --markdown-append is an empty path (see ir-trace --help)\n");
  CHECK(RunMain({t / "d", "--check", "--markdown-append", "-", "--json", "-"}).code == 2);
  auto out = Run(ShellQuote(IRTRACE_BINARY) + " " + ShellQuote(t / "d") + " --check -q --markdown-append -");
  CHECK(out.exit_code == 0);
  CHECK_THAT(out.out, Catch::StartsWith("### ir-trace: checked 1 dump\n"));
}

// One vocabulary (issue 24): a dump is ok, invalid (the dump is bad) or error (an output not written, the
// message naming which), in the closing line, --json, --junit, --markdown and the index alike.
TEST_CASE("summaries: a report that cannot be written is an error everywhere, not invalid", "[summaries]") {
  TempDir t;
  WriteTwoPassDump(t / "root/a/d");
  WriteTwoPassDump(t / "root/b/d");
  WriteFile(t / "root/c/d/00_frontend.py", "x\n");  // invalid: no pass
  // A report is well over 64 KiB (the viewer is in it); the summaries and the index are not.
  std::string bin = ShellQuote(IRTRACE_BINARY);
  auto r = Run("ulimit -f 128; " + bin + " --find " + ShellQuote(t / "root") + " -o " + ShellQuote(t / "out/") +
               " -j 1 --json " + ShellQuote(t / "run.json") + " --junit " + ShellQuote(t / "j.xml") + " --markdown " +
               ShellQuote(t / "s.md"));
  CHECK(r.exit_code == 1);
  CHECK(r.err == "ir-trace: error: report not written: cannot write '" + t / "out/a__d.html" +
                     "': File too large\n"
                     "ir-trace: error: report not written: cannot write '" +
                     t / "out/b__d.html" +
                     "': File too large\n"
                     "ir-trace: error: " +
                     t / "root/c/d" +
                     ": no pass snapshot (NN_after_<Pass>.<ext>)\n"
                     "wrote 0 of 3 reports to " +
                     t / "out/" + ": 1 invalid, 2 errors\n");
  Json doc = Json::parse(ReadFile(t / "run.json"));
  CHECK(DumpEndingIn(doc, "/a/d")["status"] == "error");
  CHECK(DumpEndingIn(doc, "/a/d")["error"] ==
        "report not written: cannot write '" + t / "out/a__d.html" + "': File too large");
  CHECK(DumpEndingIn(doc, "/a/d")["report"].is_null());
  CHECK(DumpEndingIn(doc, "/c/d")["status"] == "invalid");
  Json junit = CheckJunit(t / "j.xml");
  CHECK(SuiteEndingIn(junit, "/a/d")["cases"][0]["error"]["type"] == "error");
  CHECK(SuiteEndingIn(junit, "/c/d")["cases"][0]["error"]["type"] == "invalid");
  std::string md = ReadFile(t / "s.md");
  CHECK_THAT(md, Catch::StartsWith("### ir-trace: 3 dumps, 1 invalid, 2 errors\n\n"));
  CHECK_THAT(md, Catch::Contains("| \xE2\x9D\x8C error: report not written: cannot write '"));
  std::string index = ReadFile(t / "out/index.html");
  CHECK_THAT(index, Catch::Contains("\"status\":\"error\",\"error\":\"report not written: cannot write"));
  CHECK_THAT(index, Catch::Contains("\"status\":\"invalid\""));
}

TEST_CASE("summaries: a depfile or a summary that cannot be written is named as such", "[summaries]") {
  TempDir t;
  WriteTwoPassDump(t / "root/a/d");
  WriteTwoPassDump(t / "root/b/d");
  fs::create_directory(t / "out");
  fs::create_symlink("/dev/full", t / "out/a__d.d");  // every write: No space left on device
  fs::create_symlink("/dev/full", t / "run.json");
  CliResult r = RunMain({"--find", t / "root", "-o", t / "out/", "-j", "1", "--depfiles", "--json", t / "run.json",
                         "--markdown", t / "s.md"});
  CHECK(r.code == 1);
  CHECK(r.err == "ir-trace: error: depfile not written: cannot write '" + t / "out/a__d.d" +
                     "': No space left on device\n"
                     "ir-trace: error: --json summary not written: cannot write '" +
                     t / "run.json" +
                     "': No space left on device\n"
                     "wrote 2 of 2 reports to " +
                     t / "out/" + ": 1 error\n");
  CHECK(fs::exists(t / "out/a__d.html"));  // its report was written before the depfile
  CHECK(fs::exists(t / "out/b__d.d"));
  std::string md = ReadFile(t / "s.md");
  CHECK_THAT(md, Catch::StartsWith("### ir-trace: 2 dumps, 1 error\n\n"));
  CHECK_THAT(md, Catch::Contains("| \xE2\x9D\x8C error: depfile not written: cannot write '"));
}
