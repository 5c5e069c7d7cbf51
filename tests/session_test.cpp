// The recording library (lib/record/irtrace/session.h, session.cpp, dump_writer.cpp, session_report.cpp):
// every mode, run directories that threads and processes never share, a throwing pass, kill -9 inside a
// pass, a file-size limit, hostile names, phases, and the report link. Tests that must die or limit the
// process run in a forked child.
#include "record/irtrace/session.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "driver/convert.h"
#include "record/session_report.h"
#include "test_util.h"
#include "util/deflate_sink.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::ReadFile;
using test::TempDir;

// Enable(mode, dir) for the test's length; the environment again afterwards.
struct Tracing {
  Tracing(Mode mode, const std::string& dir) { Enable(mode, dir); }
  ~Tracing() { UseEnvironment(); }
};

// The run directories under <trace>/<name>/.runs, sorted.
std::vector<std::string> Runs(const std::string& name_dir) {
  std::vector<std::string> runs;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(name_dir + "/.runs", ec)) runs.push_back(e.path().string());
  std::sort(runs.begin(), runs.end());
  return runs;
}

// The names in `dir`, sorted, but for the lock files (.lock: a name's and a running session's run's,
// tests/run_list_test.cpp).
std::vector<std::string> Names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename() != ".lock") names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The payload of `run_dir` as ir-trace converts it (plain JSON, into a scratch file).
json PayloadOf(const std::string& run_dir, ConvertSummary* summary = nullptr) {
  TempDir out;
  ConvertOptions o;
  o.dump_dir = run_dir;
  o.output = out / "r.html";
  o.compress = false;
  ConvertSummary s = ConvertDump(o);
  if (summary) *summary = s;
  std::string html = ReadFile(o.output);
  const std::string open = "id=\"ir-trace-data\">";
  size_t begin = html.find(open) + open.size();
  return json::parse(html.substr(begin, html.find("</script>", begin) - begin));
}

int WaitStatus(pid_t child) {
  int status = 0;
  if (::waitpid(child, &status, 0) != child) return -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

TEST_CASE("session: html mode writes a numbered dump as it goes and its report at the end", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t / "trace");
  std::string run;
  {
    Session s("softmax");
    CHECK(s.enabled());
    CHECK(s.run_dir().empty());  // nothing made before the first capture
    s.Frontend("def f():\n    return 1\n", "py");
    run = s.run_dir();
    REQUIRE(!run.empty());
    // The live report from the first capture on (record/live_report.h).
    CHECK(Names(run) == std::vector<std::string>{"00_frontend.py", "report.html"});
    s.After("Tile", "def f():\n    return 2\n");
    CHECK(Names(run) == std::vector<std::string>{"00_frontend.py", "01_after_Tile.py", "report.html"});
    bool printed = false;
    s.After("Fuse", [&] {
      printed = true;
      return std::string("def f():\n    return 3\n");
    });
    CHECK(printed);
    s.Pass("Alloc", [] { return "def f():\n    return 4\n"; });
    int value = s.Pass("Emit", [] { return 7; }, [] { return std::string("def f():\n    return 4\n"); });
    CHECK(value == 7);
    s.After("Lower", "%0 = add\n", "mlir");  // another extension from here on
    CHECK(s.report_path().empty());
  }
  CHECK(Names(run) == std::vector<std::string>{"00_frontend.py", "01_after_Tile.py", "02_after_Fuse.py",
                                               "03_after_Alloc.py", "04_after_Emit.py", "05_after_Lower.mlir",
                                               "report.html"});
  CHECK(ReadFile(run + "/03_after_Alloc.py") == "def f():\n    return 4\n");
  // The run directory's place and name: <trace>/<name>/.runs/run_<UTC>_<pid>_<8 hex>.
  CHECK(fs::path(run).parent_path() == fs::path(t / "trace/softmax/.runs"));
  std::string base = fs::path(run).filename().string();
  INFO(base);
  CHECK(
      std::regex_match(base, std::regex("run_\\d{8}T\\d{6}\\.\\d{6}Z_" + std::to_string(::getpid()) + "_[0-9a-f]{8}")));
  ConvertSummary summary;
  json p = PayloadOf(run, &summary);
  CHECK(summary.passes == 5);
  CHECK(summary.changed == 4);  // Emit printed what Alloc did
  CHECK(summary.title == "softmax");  // the session's name, not ".runs"
  CHECK(p["entries"][4]["status"] == "noop");
  // The session's own report, and the name directory's link to it.
  std::string link = t / "trace/softmax/report.html";
  CHECK(fs::is_symlink(link));
  CHECK(fs::read_symlink(link) == fs::path(".runs") / base / "report.html");
  CHECK(ReadFile(link).find("<title>softmax - ir-trace</title>") != std::string::npos);
}

TEST_CASE("session: off records nothing, calls no printer and still runs every pass", "[session]") {
  TempDir t;
  Tracing off(Mode::kOff, t / "trace");
  int ran = 0;
  {
    Session s("k");
    CHECK_FALSE(s.enabled());
    s.Frontend(
        []() -> std::string {
          FAIL("printer called");
          return "";
        },
        "py");
    s.After("A", []() -> std::string {
      FAIL("printer called");
      return "";
    });
    s.Pass("B", [&] {
      ++ran;
      return std::string("x");
    });  // the one-function form prints as it runs
    s.Pass(
        "C", [&] { ++ran; },
        []() -> std::string {
          FAIL("printer called");
          return "";
        });
    auto phase = s.Phase("p");
    CHECK_THROWS_AS(s.Pass("D", []() -> std::string { throw std::runtime_error("boom"); }), std::runtime_error);
    CHECK(s.run_dir().empty());
  }
  CHECK(ran == 2);
  CHECK_FALSE(fs::exists(t / "trace"));
}

TEST_CASE("session: terminal writes no files - both writes the dump as html does", "[session]") {
  TempDir t;
  {
    Tracing terminal(Mode::kTerminal, t / "terminal");
    Session s("k");
    CHECK(s.enabled());
    int printed = 0;
    s.Frontend(
        [&] {
          ++printed;
          return std::string("a\n");
        },
        "py");
    s.After("A", [&] {
      ++printed;
      return std::string("b\n");
    });
    CHECK(printed == 2);  // the terminal printer (record/pass_observer.h) needs the text
    s.End();
    CHECK(s.report_path().empty());
    CHECK_FALSE(fs::exists(t / "terminal"));
  }
  {
    Tracing both(Mode::kBoth, t / "both");
    Session s("k");
    s.Frontend("a\n", "py");
    s.After("A", "b\n");
    s.End();
    CHECK(s.report_path() == t / "both/k/report.html");
    CHECK(Names(s.run_dir()) == std::vector<std::string>{"00_frontend.py", "01_after_A.py", "report.html"});
  }
}

TEST_CASE("session: the environment is read when a session starts", "[session]") {
  TempDir t;
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    UseEnvironment();
    ::setenv("IR_TRACE", "1", 1);
    ::unsetenv("IR_TRACE_DIR");
    if (::chdir(t.path().c_str()) != 0) ::_exit(2);
    Session s("k");
    ::setenv("IR_TRACE", "0", 1);  // captured at the start: the running session goes on
    ::chdir("/");                  // the trace directory was made absolute at the start
    s.Frontend("a\n", "py");
    s.After("A", "b\n");
    s.End();
    Session later("later");
    ::_exit(s.report_path() == t / "ir_trace/k/report.html" && !later.enabled() ? 0 : 3);
  }
  CHECK(WaitStatus(child) == 0);
  CHECK(fs::is_symlink(t / "ir_trace/k/report.html"));
  CHECK(Runs(t / "ir_trace/k").size() == 1);
}

TEST_CASE("session: a pass with no frontend before it gets an empty one", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  Session s("k");
  s.After("A", "x = 1\n", "py");
  s.Frontend("late\n", "py");  // after a pass: recorded as a pass named "frontend"
  CHECK(Names(s.run_dir()) ==
        std::vector<std::string>{"00_frontend.py", "01_after_A.py", "02_after_frontend.py", "report.html"});
  CHECK(ReadFile(s.run_dir() + "/00_frontend.py").empty());
}

TEST_CASE("session: a throwing pass logs its error, keeps the numbering and rethrows", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  std::string run;
  {
    Session s("k");
    s.Frontend("x = 0\n", "py");
    s.After("A", "x = 1\n");
    CHECK_THROWS_WITH(s.Pass("Boom", []() -> std::string { throw std::runtime_error("tile too large"); }),
                      "tile too large");
    CHECK_THROWS_AS(s.Pass("Odd", [] { throw 42; }, [] { return std::string("never"); }), int);
    s.After("B", "x = 2\n");
    run = s.run_dir();
  }
  CHECK(ReadFile(run + "/02_after_Boom.log") == "error: tile too large\n");
  CHECK(ReadFile(run + "/02_after_Boom.py") == "x = 1\n");  // the IR before the pass
  CHECK(ReadFile(run + "/03_after_Odd.log") == "error: unknown exception (not a std::exception)\n");
  CHECK(ReadFile(run + "/03_after_Odd.py") == "x = 1\n");
  CHECK_FALSE(fs::exists(run + "/01_after_A.log"));
  ConvertSummary summary;
  PayloadOf(run, &summary);
  CHECK(summary.passes == 4);
  CHECK(summary.failed == 2);
  CHECK(summary.pass_results[1].status == PassStatus::kFailed);
  CHECK(summary.pass_results[1].error == "error: tile too large\n");
  CHECK(fs::exists(run + "/report.html"));
}

TEST_CASE("session: the session ending by an exception still writes the report", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  try {
    Session s("k");
    s.Frontend("x = 0\n", "py");
    s.Pass("Boom", []() -> std::string { throw std::logic_error("verifier failed"); });
  } catch (const std::logic_error&) {
  }
  std::vector<std::string> runs = Runs(t / "k");
  REQUIRE(runs.size() == 1);
  CHECK(fs::exists(runs[0] + "/report.html"));
  CHECK(fs::is_symlink(t / "k/report.html"));
}

TEST_CASE("session: kill -9 inside a pass leaves a dump that shows the crashed pass", "[session]") {
  TempDir t;
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    Enable(Mode::kHtml, t.path());
    Session s("k");
    auto phase = s.Phase("lowering");
    s.Frontend("x = 0\n", "py");
    s.After("A", "x = 1\n");
    s.Pass("Crash", []() -> std::string {
      ::kill(::getpid(), SIGKILL);
      return "";
    });
    ::_exit(0);
  }
  CHECK(WaitStatus(child) == 128 + SIGKILL);
  std::vector<std::string> runs = Runs(t / "k");
  REQUIRE(runs.size() == 1);
  CHECK(Names(runs[0]) ==
        std::vector<std::string>{"00_frontend.py", "01_after_A.py", "02_after_Crash.log", "phases.txt", "report.html"});
  ConvertSummary summary;
  json p = PayloadOf(runs[0], &summary);
  CHECK(summary.failed == 1);
  const json& crashed = p["entries"][2];
  CHECK(crashed["name"] == "Crash");
  CHECK(crashed["crashed"] == true);
  CHECK(crashed["status"] == "failed");
  CHECK(crashed["phase"] == "lowering");
}

TEST_CASE("session: past the file-size limit, one warning and the compilation goes on", "[session]") {
  TempDir t;
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::freopen((t / "stderr").c_str(), "w", stderr);
    std::signal(SIGXFSZ, SIG_DFL);
    // Room for the frontend and its live report (the page: about 360 KB), not for the next pass.
    struct rlimit limit = {1 << 20, 1 << 20};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    Enable(Mode::kHtml, t / "trace");
    int ran = 0;
    {
      Session s("k");
      s.Frontend("x = 0\n", "py");
      s.After("Big", std::string(2 << 20, 'x'));
      s.Pass("Next", [&] {
        ++ran;
        return std::string(2 << 20, 'y');
      });
      s.After("More", "x = 1\n");
    }
    struct sigaction after;
    ::sigaction(SIGXFSZ, nullptr, &after);
    std::fflush(stderr);
    ::_exit(ran == 1 && after.sa_handler == SIG_DFL ? 0 : 3);
  }
  CHECK(WaitStatus(child) == 0);
  std::vector<std::string> lines = test::SplitLines(ReadFile(t / "stderr"));
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "irtrace: k: report " + t / "trace/k/report.html (live)");
  CHECK(lines[1].rfind("irtrace: warning: session 'k': tracing stopped: cannot write '", 0) == 0);
  CHECK(lines[1].find("01_after_Big.py': File too large; the run so far is in '") != std::string::npos);
  std::vector<std::string> runs = Runs(t / "trace/k");
  REQUIRE(runs.size() == 1);
  // A valid prefix, nothing partial: the live report shows the frontend.
  CHECK(Names(runs[0]) == std::vector<std::string>{"00_frontend.py", "report.html"});
}

std::atomic<int> g_xfsz_calls{0};
void CountXfsz(int) { ++g_xfsz_calls; }

TEST_CASE("session: a compiler's own SIGXFSZ handler is left alone", "[session]") {
  TempDir t;
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::freopen((t / "stderr").c_str(), "w", stderr);
    std::signal(SIGXFSZ, CountXfsz);
    struct rlimit limit = {4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    Enable(Mode::kHtml, t / "trace");
    {
      Session s("k");
      s.Frontend(std::string(100000, 'x'), "py");
    }
    std::fflush(stderr);
    struct sigaction after;
    ::sigaction(SIGXFSZ, nullptr, &after);
    ::_exit(g_xfsz_calls > 0 && after.sa_handler == CountXfsz ? 0 : 3);
  }
  CHECK(WaitStatus(child) == 0);
  CHECK(test::SplitLines(ReadFile(t / "stderr")).size() == 1);
}

TEST_CASE("session: a trace directory that cannot be made is one warning, not an error", "[session]") {
  TempDir t;
  test::WriteFile(t / "file", "not a directory");
  Tracing on(Mode::kHtml, t / "file/trace");
  Session s("k");
  s.Frontend("a\n", "py");
  s.After("A", "b\n");
  s.Pass("B", [] { return std::string("c\n"); });
  s.End();
  CHECK(s.run_dir().empty());
  CHECK(s.report_path().empty());
}

// Sessions of one name at once: each its own run directory, each a valid dump.
TEST_CASE("session: threads never share a run directory", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  constexpr int kThreads = 8;
  std::vector<std::string> runs(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      Session s("same");
      s.Frontend("x = 0\n", "py");
      for (int k = 1; k <= 3; ++k) s.After("P" + std::to_string(k), "x = " + std::to_string(i * 10 + k) + "\n");
      runs[static_cast<size_t>(i)] = s.run_dir();
    });
  }
  for (std::thread& th : threads) th.join();
  CHECK(std::set<std::string>(runs.begin(), runs.end()).size() == kThreads);
  CHECK(Runs(t / "same").size() == kThreads);
  for (int i = 0; i < kThreads; ++i) {
    CHECK(ReadFile(runs[static_cast<size_t>(i)] + "/03_after_P3.py") == "x = " + std::to_string(i * 10 + 3) + "\n");
    CHECK(fs::exists(runs[static_cast<size_t>(i)] + "/report.html"));
  }
  fs::path target = fs::read_symlink(t / "same/report.html");  // the newest run (the latest started)
  CHECK(fs::exists(t / "same" / target));
  CHECK(target == fs::path(".runs") / fs::path(*std::max_element(runs.begin(), runs.end())).filename() / "report.html");
}

TEST_CASE("session: processes never share a run directory", "[session]") {
  TempDir t;
  constexpr int kChildren = 4;
  std::vector<pid_t> children;
  for (int i = 0; i < kChildren; ++i) {
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      Enable(Mode::kHtml, t.path());
      {
        Session s("same");
        s.Frontend("x = 0\n", "py");
        s.After("A", "x = " + std::to_string(i) + "\n");
      }
      ::_exit(0);
    }
    children.push_back(child);
  }
  for (pid_t c : children) CHECK(WaitStatus(c) == 0);
  std::vector<std::string> runs = Runs(t / "same");
  REQUIRE(runs.size() == kChildren);
  std::set<std::string> texts;
  for (const std::string& run : runs) {
    texts.insert(ReadFile(run + "/01_after_A.py"));
    CHECK(fs::exists(run + "/report.html"));
  }
  CHECK(texts.size() == kChildren);
}

// Every regular file and link under `root`, as paths relative to it.
std::vector<std::string> Tree(const std::string& root) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_directory() || e.is_symlink()) out.push_back(fs::relative(e.path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("session: hostile names never write outside the trace directory", "[session]") {
  TempDir t;
  fs::create_directory(t / "sandbox");
  Tracing on(Mode::kHtml, t / "sandbox/trace");
  const std::vector<std::string> hostile = {
      "..", ".",   "../../escape", "/tmp/absolute", std::string("nul\0x", 5), std::string(300, 'n'),
      "",   "a/b", ".runs",        "report.html"};
  std::vector<std::string> runs;
  for (const std::string& name : hostile) {
    Session s(name);
    auto phase = s.Phase("tab\there\nnewline");
    s.Frontend("x = 0\n", "../py");
    for (const std::string& pass : hostile) s.After(pass, "x = " + std::to_string(pass.size()) + "\n", "/etc");
    s.Pass("../../../../tmp/pass", [] { return std::string("x = -1\n"); });
    s.End();
    INFO(name);
    REQUIRE(!s.run_dir().empty());
    CHECK(fs::exists(s.report_path()));
    runs.push_back(s.run_dir());
  }
  CHECK(Names(t / "sandbox") == std::vector<std::string>{"trace"});
  CHECK(Names(t.path()) == std::vector<std::string>{"sandbox"});
  std::set<std::string> name_dirs;
  for (const std::string& run : runs) {
    fs::path rel = fs::relative(run, t / "sandbox/trace");
    CHECK(std::distance(rel.begin(), rel.end()) == 3);  // <name>/.runs/<run>
    CHECK(rel.begin()->string().size() <= 200);
    name_dirs.insert(rel.begin()->string());
    ConvertSummary summary;
    json p = PayloadOf(run, &summary);
    CHECK(summary.passes == hostile.size() + 1);
    CHECK(p["entries"][1]["phase"] == "tab here newline");
  }
  CHECK(name_dirs.size() == hostile.size());  // escaped, not flattened: each name its own directory
  for (const std::string& file : Tree(t / "sandbox/trace")) {
    INFO(file);
    CHECK(file.find("..") != 0);
  }
}

TEST_CASE("session: phases name the passes inside their scope - scopes nest", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  std::string run;
  {
    Session s("k");
    s.Frontend("a\n", "py");
    {
      auto tiling = s.Phase("tiling");
      s.After("Tile", "b\n");
      {
        auto inner = s.Phase("fusion");
        auto empty = s.Phase("no passes");  // a phase without passes leaves no line
      }
      {
        auto inner = s.Phase("fusion");
        s.After("Fuse", "c\n");
      }
      s.After("Interchange", "d\n");
    }
    s.After("Plain", "e\n");
    auto lowering = s.Phase("lowering");
    s.Pass("Lower", [] { return std::string("f\n"); });
    run = s.run_dir();
  }
  CHECK(ReadFile(run + "/phases.txt") == "1\ttiling\n2\tfusion\n3\ttiling\n4\t\n5\tlowering\n");
  json p = PayloadOf(run);
  std::vector<std::string> phases;
  for (const json& e : p["entries"]) phases.push_back(e.value("phase", "-"));
  CHECK(phases == std::vector<std::string>{"-", "tiling", "fusion", "tiling", "-", "lowering"});
}

TEST_CASE("session: passes run inside a pass are not recorded - the outer pass is one", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  Session s("k");
  s.Frontend("a\n", "py");
  s.Pass("Pipeline", [&] {
    s.Pass("Inner", [] { return std::string("inner\n"); });
    s.After("InnerAfter", "inner2\n");
    return std::string("b\n");
  });
  s.After("Next", "c\n");
  // .spare.log: the pass's empty log, kept for the next pass (a dot-file ir-trace ignores).
  CHECK(Names(s.run_dir()) == std::vector<std::string>{".spare.log", "00_frontend.py", "01_after_Pipeline.py",
                                                       "02_after_Next.py", "report.html"});
}

TEST_CASE("session: report.html is re-pointed to the newest run by a rename", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  std::vector<std::string> runs;
  for (int i = 0; i < 2; ++i) {
    Session s("k");
    s.Frontend("a\n", "py");
    s.After("A", "b" + std::to_string(i) + "\n");
    s.End();
    runs.push_back(s.run_dir());
    CHECK(fs::read_symlink(t / "k/report.html") ==
          fs::path(".runs") / fs::path(s.run_dir()).filename() / "report.html");
  }
  CHECK(runs[0] != runs[1]);
  // No temporary link left; the name's lock and its list of runs (record/run_list.h).
  CHECK(Names(t / "k") == std::vector<std::string>{".runs", "report.html", "runs.txt"});
}

// A reader opening the link while it is re-pointed always finds a report (rename, never unlink + link).
TEST_CASE("session_report: the link is never missing while it is re-pointed", "[session]") {
  TempDir t;
  test::WriteFile(t / "a.html", "a");
  test::WriteFile(t / "b.html", "b");
  REQUIRE(RepointLink("a.html", t / "report.html"));
  std::atomic<bool> done{false};
  std::atomic<int> missing{0}, opened{0};
  std::thread reader([&] {
    while (!done) {
      int fd = ::open((t / "report.html").c_str(), O_RDONLY);
      if (fd < 0) {
        ++missing;
      } else {
        ++opened;
        ::close(fd);
      }
    }
  });
  for (int i = 0; i < 2000; ++i) REQUIRE(RepointLink(i % 2 ? "a.html" : "b.html", t / "report.html"));
  done = true;
  reader.join();
  CHECK(missing == 0);
  CHECK(opened > 0);
  CHECK(Names(t.path()) == std::vector<std::string>{"a.html", "b.html", "report.html"});
}

// The link shows the newest run (issue 21): the latest started, even when an older session ends last.
TEST_CASE("session: an older session ending last leaves the link at the newer run", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t / "trace");
  std::string link = t / "trace/k/report.html";
  Session older("k");
  older.Frontend("a\n", "txt");
  older.After("P", "b\n");
  std::string older_run = fs::path(older.run_dir()).filename().string();
  CHECK(fs::read_symlink(link) == fs::path(".runs") / older_run / "report.html");  // live from its first capture
  std::string newer_run;
  {
    Session newer("k");
    newer.Frontend("a\n", "txt");
    newer_run = fs::path(newer.run_dir()).filename().string();
    REQUIRE(newer_run > older_run);
    CHECK(fs::read_symlink(link) == fs::path(".runs") / newer_run / "report.html");
    older.After("Q", "c\n");  // the older session's next pass does not take it back
    CHECK(fs::read_symlink(link) == fs::path(".runs") / newer_run / "report.html");
    newer.After("P", "b\n");
  }
  older.End();
  CHECK(fs::read_symlink(link) == fs::path(".runs") / newer_run / "report.html");
  CHECK(older.report_path() == older.run_dir() + "/report.html");  // its own, complete report
  CHECK(ReadFile(older.report_path()).find("id=\"ir-trace-data\">ir-trace-chunks") == std::string::npos);
}

// A live report is the page, then one framed chunk per capture (ARCHITECTURE.md "Live reports").
TEST_CASE("session: the live report is the page and one whole chunk per capture", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t / "trace");
  Session s("k");
  s.Frontend("a\n", "txt");
  std::string page = ReadFile(s.run_dir() + "/report.html");
  const std::string open = "<script type=\"text/x-ir-trace-chunks\" id=\"ir-trace-data\">ir-trace-chunks 1\n";
  size_t at = page.find(open);
  REQUIRE(at != std::string::npos);
  CHECK(page.find("</script>", at) == std::string::npos);  // the data is the end of the file
  s.After("P", "b\n");
  s.Pass("Q", [] { return std::string("c\n"); });
  std::string grown = ReadFile(s.run_dir() + "/report.html");
  CHECK(grown.compare(0, page.size(), page) == 0);  // appended, never rewritten
  std::string chunks = grown.substr(at + open.size());
  int n = 0;
  for (size_t pos = 0; pos < chunks.size(); ++n) {
    size_t sp = chunks.find(' ', pos);
    size_t len = std::stoul(chunks.substr(pos, sp - pos));
    std::string data = chunks.substr(sp + 10, len);
    char crc[16];
    std::snprintf(crc, sizeof crc, "%08x", static_cast<unsigned>(Crc32(data)));
    CHECK(chunks.substr(sp + 1, 8) == crc);
    CHECK(chunks[sp + 10 + len] == '\n');
    pos = sp + 11 + len;
  }
  CHECK(n == 4);  // frontend, P, Q running, Q
}

}  // namespace
}  // namespace irtrace
