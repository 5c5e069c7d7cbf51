// The --depfile writer (report/depfile.h): GNU make and ninja escaping, the empty rules, what is left
// out; and the option through the command line (in-process): where depfiles are written and when not.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "report/depfile.h"
#include "test_util.h"

namespace irtrace {
namespace {

using test::ReadFile;
using test::RunMain;
using test::TempDir;
using test::WriteDump;

TEST_CASE("depfile: make words escape what make reads specially", "[depfile]") {
  CHECK(MakeWord("dump/01_after_A.py") == "dump/01_after_A.py");
  CHECK(MakeWord("a b") == "a\\ b");
  CHECK(MakeWord("llvm::Pass<x>") == "llvm\\:\\:Pass<x>");
  CHECK(MakeWord("cost$1") == "cost$$1");
  CHECK(MakeWord("tag#2") == "tag\\#2");
  CHECK(MakeWord("m*n?[x]") == "m\\*n\\?\\[x]");
  CHECK(MakeWord("~home") == "./~home");
  CHECK(MakeWord("a&b'\"(c),!") == "a&b'\"(c),!");
}

TEST_CASE("depfile: make words double backslashes only where they would escape", "[depfile]") {
  CHECK(MakeWord("a\\b") == "a\\b");          // before a plain character: literal as is
  CHECK(MakeWord("a\\ b") == "a\\\\\\ b");    // before a space: doubled, then the space escaped
  CHECK(MakeWord("a\\\\#") == "a\\\\\\\\\\#");  // a run before '#': each doubled
  CHECK(MakeWord("tr\\") == "tr\\\\");        // at the end: would escape the separator
}

TEST_CASE("depfile: names make cannot spell are refused", "[depfile]") {
  for (const char* bad : {"a\nb", "a\tb", "a\rb", "a;b", "a|b", "a=b", "a%b", ""}) {
    INFO(bad);
    CHECK_FALSE(MakeWord(bad).has_value());
  }
}

TEST_CASE("depfile: ninja words are only what ninja 1.11 can read", "[depfile]") {
  CHECK(NinjaWord("dump/01_after_A.py") == "dump/01_after_A.py");
  CHECK(NinjaWord("a b#c$d") == "a\\ b\\#c$$d");
  CHECK(NinjaWord("x:y") == "x:y");
  CHECK(NinjaWord("caf\xc3\xa9") == "caf\xc3\xa9");
  for (const char* bad : {"a<b", "a>b", "a&b", "a'b", "a\"b", "a;b", "a|b", "a*b", "a?b", "a\\b", "a\nb", "end:"}) {
    INFO(bad);
    CHECK_FALSE(NinjaWord(bad).has_value());
  }
}

TEST_CASE("depfile: make format lists the dump directory and every input, with an empty rule each", "[depfile]") {
  Depfile d = MakeDepfile("out/r.html", {"d/00_frontend.py", "d/01_after_A b.py", "d/01_after_A b.log"}, "d/",
                          DepfileFormat::kMake);
  CHECK(d.left_out.empty());
  CHECK(d.text ==
        "out/r.html: \\\n  d \\\n  d/00_frontend.py \\\n  d/01_after_A\\ b.py \\\n  d/01_after_A\\ b.log\n"
        "\nd:\n\nd/00_frontend.py:\n\nd/01_after_A\\ b.py:\n\nd/01_after_A\\ b.log:\n");
}

TEST_CASE("depfile: names a format cannot spell are left out and named", "[depfile]") {
  Depfile make = MakeDepfile("r.html", {"d/01_after_A;B.py", "d/02_after_C.py"}, "d", DepfileFormat::kMake);
  CHECK(make.left_out == std::vector<std::string>{"d/01_after_A;B.py"});
  CHECK(make.text.find("A;B") == std::string::npos);
  CHECK(make.text.find("d/02_after_C.py:") != std::string::npos);

  Depfile ninja = MakeDepfile("r.html", {"d/01_after_A<B>.py", "d/02_after_C.py"}, "d", DepfileFormat::kNinja);
  CHECK(ninja.left_out == std::vector<std::string>{"d/01_after_A<B>.py"});
  CHECK(ninja.text == "r.html: \\\n  d \\\n  d/02_after_C.py\n");  // no empty rules for ninja

  Depfile no_target = MakeDepfile("r;x.html", {"d/a.py"}, "d", DepfileFormat::kMake);
  CHECK(no_target.text.empty());
  CHECK(no_target.left_out == std::vector<std::string>{"r;x.html"});
}

TEST_CASE("depfile: --depfile writes the depfile beside the report, -v notes what is left out", "[depfile][cli]") {
  TempDir t;
  WriteDump(t / "d", {"00_frontend.py", "01_after_A;B.py", "02_after_C D.py"});
  test::CliResult r = RunMain({t / "d", "-o", t / "r.html", "--depfile", t / "r.d", "-v"});
  REQUIRE(r.code == 0);
  std::string text = ReadFile(t / "r.d");
  CHECK(text.find(t.path() + "/r.html: \\\n  " + t.path() + "/d \\\n") == 0);
  CHECK(text.find("/d/02_after_C\\ D.py:\n") != std::string::npos);
  CHECK(r.err.find("depfile: left out '" + t.path() + "/d/01_after_A;B.py' (make cannot spell it") !=
        std::string::npos);
}

TEST_CASE("depfile: no depfile for a report not written, nor with --check", "[depfile][cli]") {
  TempDir t;
  WriteDump(t / "bad", {"00_frontend.py", "02_after_A.py"});
  CHECK(RunMain({t / "bad", "-o", t / "r.html", "--depfile", t / "r.d"}).code == 1);
  CHECK_FALSE(std::filesystem::exists(t / "r.d"));
  WriteDump(t / "d", {"00_frontend.py", "01_after_A.py"});
  CHECK(RunMain({t / "d", "--check", "--depfile", t / "r.d"}).code == 0);
  CHECK_FALSE(std::filesystem::exists(t / "r.d"));
}

TEST_CASE("depfile: a depfile that is one of the dump's own files is refused before anything is written",
          "[depfile][cli]") {
  TempDir t;
  WriteDump(t / "d", {"00_frontend.py", "01_after_A.py"});
  std::string before = ReadFile(t / "d/01_after_A.py");
  test::CliResult r = RunMain({t / "d", "-o", t / "r.html", "--depfile", t / "d/01_after_A.py"});
  CHECK(r.code == 2);
  CHECK(r.err.find("it is the dump's own '01_after_A.py'") != std::string::npos);
  CHECK(ReadFile(t / "d/01_after_A.py") == before);
  CHECK_FALSE(std::filesystem::exists(t / "r.html"));
}

TEST_CASE("depfile: batch mode writes OUTDIR/<name>.d beside each report with --depfiles", "[depfile][cli]") {
  TempDir t;
  WriteDump(t / "k1", {"00_frontend.py", "01_after_A.py"});
  WriteDump(t / "k2", {"00_frontend.py", "01_after_B.py"});
  test::CliResult r = RunMain({"--find", t.path(), "-o", t / "out/", "--depfiles", "--depfile-format", "ninja"});
  REQUIRE(r.code == 0);
  CHECK(ReadFile(t / "out/k1.d") == t.path() + "/out/k1.html: \\\n  " + t.path() + "/k1 \\\n  " + t.path() +
                                        "/k1/00_frontend.py \\\n  " + t.path() + "/k1/01_after_A.py\n");
  CHECK(std::filesystem::exists(t / "out/k2.d"));
  CHECK_FALSE(std::filesystem::exists(t / "out/index.d"));
}

// Issue 24: ir-trace named the report my%20kernel__passes_dump.html, then refused its depfile because
// make cannot spell '%'. A name ir-trace chooses is one its depfile can hold, in both formats.
TEST_CASE("depfile: a report name ir-trace chose is spelt in its own depfile, space and UTF-8 too", "[depfile][cli]") {
  TempDir t;
  WriteDump(t / "build/my kernel/passes_dump", {"00_frontend.py", "01_after_A.py"});
  WriteDump(t / "build/\xE6\xA0\xB8/passes_dump", {"00_frontend.py", "01_after_A.py"});
  for (const char* format : {"make", "ninja"}) {
    INFO(format);
    std::filesystem::remove_all(t / "out");
    test::CliResult r =
        RunMain({"--find", t / "build", "-o", t / "out/", "--depfiles", "--depfile-format", format, "-q"});
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    std::string spaced = ReadFile(t / "out/my+20kernel__passes_dump.d");
    CHECK(spaced.rfind(
              t.path() + "/out/my+20kernel__passes_dump.html: \\\n  " + t.path() + "/build/my\\ kernel/passes_dump",
              0) == 0);
    std::string utf8 = ReadFile(t / "out/\xE6\xA0\xB8__passes_dump.d");
    CHECK(utf8.rfind(
              t.path() + "/out/\xE6\xA0\xB8__passes_dump.html: \\\n  " + t.path() + "/build/\xE6\xA0\xB8/passes_dump",
              0) == 0);
    CHECK(std::filesystem::exists(t / "out/my+20kernel__passes_dump.html"));
  }
}

TEST_CASE("depfile: the command line shapes it refuses", "[depfile][cli]") {
  TempDir t;
  WriteDump(t / "d", {"00_frontend.py", "01_after_A.py"});
  auto usage = [](std::vector<std::string> args, const std::string& message) {
    test::CliResult r = RunMain(std::move(args));
    CHECK(r.code == 2);
    CHECK(r.err.find(message) != std::string::npos);
  };
  usage({t / "d", t / "d", "-o", t / "out/", "--depfile", t / "x.d"}, "use --depfiles");
  usage({t / "d", "-o", t / "r.html", "--depfiles"}, "one dump takes --depfile FILE");
  usage({t / "d", "-o", "-", "--depfile", t / "x.d"}, "standard output has no file");
  usage({t / "d", "-o", t / "r.html", "--depfile", t / "r.html"}, "name the same file");
  usage({t / "d", "--depfile", "-q"}, "--depfile takes a path");
  usage({t / "d", "--depfile-format", "cmake", "--depfile", t / "x.d"}, "--depfile-format takes make or ninja");
}

}  // namespace
}  // namespace irtrace
