// Session::Codegen (lib/record/irtrace/session.h, session.cpp): generated source through a session: off and
// terminal return it untouched and write nothing, html keeps the working copy, prints one line per decision
// and records what was built into the run, so the report lists device and host codegen; hostile file names.
#include "record/irtrace/session.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "driver/convert.h"
#include "test_util.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;
using test::ReadFile;
using test::TempDir;
using test::WriteFile;

struct Tracing {
  Tracing(Mode mode, const std::string& dir) { Enable(mode, dir); }
  ~Tracing() { UseEnvironment(); }
};

// Sends stderr (fd 2) to a file while alive; lines() reads what was written.
class CapturedStderr {
 public:
  explicit CapturedStderr(std::string path) : path_(std::move(path)) {
    std::fflush(stderr);
    saved_ = ::dup(2);
    int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 2);
    ::close(fd);
  }
  ~CapturedStderr() { Restore(); }
  std::vector<std::string> lines() {
    Restore();
    return test::SplitLines(ReadFile(path_));
  }

 private:
  void Restore() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    ::dup2(saved_, 2);
    ::close(saved_);
    saved_ = -1;
  }
  std::string path_;
  int saved_ = -1;
};

std::vector<std::string> Names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST_CASE("session codegen: off returns the text untouched and writes nothing", "[session]") {
  TempDir t;
  Tracing off(Mode::kOff, t / "trace");
  Session s("k");
  std::string text(1000, 'x');
  const char* data = text.data();
  std::string built = s.Codegen(SourceRole::kDevice, "k.cpp", std::move(text));
  CHECK(built == std::string(1000, 'x'));
  CHECK(built.data() == data);  // moved through, not copied
  CHECK_FALSE(fs::exists(t / "trace"));
}

TEST_CASE("session codegen: terminal mode returns the text and writes no file", "[session]") {
  TempDir t;
  Tracing terminal(Mode::kTerminal, t / "trace");
  Session s("k");
  CHECK(s.Codegen(SourceRole::kHost, "main.cpp", "int main() {}\n") == "int main() {}\n");
  CHECK_FALSE(fs::exists(t / "trace"));
}

// The stderr lines but the live report's one line (record/live_report.h), which must be there once:
// "irtrace: <name>: report <name_dir>/report.html (live)".
std::vector<std::string> WithoutLiveLine(std::vector<std::string> lines, const std::string& name,
                                         const std::string& name_dir) {
  const std::string live = "irtrace: " + name + ": report " + name_dir + "/report.html (live)";
  CHECK(std::count(lines.begin(), lines.end(), live) == 1);
  lines.erase(std::remove(lines.begin(), lines.end(), live), lines.end());
  return lines;
}

TEST_CASE("session codegen: the edit workflow through sessions, one stderr line per decision", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t / "trace");
  const std::string kernel = t / "trace/softmax/kernel.cpp";
  // One compilation: a pass, then device and host source; returns what it built and its stderr lines.
  auto compile = [&](const std::string& device, std::vector<std::string>* lines, std::string* run = nullptr) {
    CapturedStderr err(t / "stderr");
    std::string built;
    {
      Session s("softmax");
      s.Frontend("x = 0\n", "py");
      s.After("Lower", "x = 1\n");
      built = s.Codegen(SourceRole::kDevice, "kernel.cpp", device);
      s.Codegen(SourceRole::kHost, "launch.cpp", "int main() { return 0; }\n");
      if (run) *run = s.run_dir();
    }
    *lines = WithoutLiveLine(err.lines(), "softmax", t / "trace/softmax");
    return built;
  };
  std::vector<std::string> lines;
  std::string run;
  CHECK(compile("void k() {}\n", &lines, &run) == "void k() {}\n");
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "irtrace: softmax: kernel.cpp (device): INIT: generated source written to '" + kernel +
                        "' (edit it and compile again to build the edit)");
  CHECK(lines[1].rfind("irtrace: softmax: launch.cpp (host): INIT: ", 0) == 0);
  CHECK(Names(t / "trace/softmax") == std::vector<std::string>{".lock", ".runs", "kernel.cpp", "kernel.cpp.latest",
                                                               "kernel.cpp.original", "launch.cpp", "launch.cpp.latest",
                                                               "launch.cpp.original", "report.html", "runs.txt"});
  // The run records what was built, under the dump contract's codegen names: the report shows both.
  CHECK(ReadFile(run + "/codegen_device_kernel.cpp") == "void k() {}\n");
  CHECK(ReadFile(run + "/codegen_host_launch.cpp") == "int main() { return 0; }\n");
  ConvertOptions o;
  o.dump_dir = run;
  o.output = t / "check.html";
  CHECK(ConvertDump(o).codegen == 2);

  compile("void k() {}\n", &lines);
  CHECK(lines[0] == "irtrace: softmax: kernel.cpp (device): UNCHANGED: building the generated source");
  CHECK(lines[1] == "irtrace: softmax: launch.cpp (host): UNCHANGED: building the generated source");

  WriteFile(kernel, "void k() { /* tuned */ }\n");
  CHECK(compile("void k() {}\n", &lines, &run) == "void k() { /* tuned */ }\n");
  CHECK(lines[0] == "irtrace: softmax: kernel.cpp (device): PATCHED: building your edit '" + kernel +
                        "' (the generated source is its .latest)");
  CHECK(ReadFile(run + "/codegen_device_kernel.cpp") == "void k() { /* tuned */ }\n");  // what was built

  CHECK(compile("void k2() {}\n", &lines) == "void k2() {}\n");
  CHECK(lines[0].find(": CONFLICT: ") != std::string::npos);
  CHECK(lines[0].find("| patch '" + kernel + "'") != std::string::npos);
  CHECK(ReadFile(kernel + ".bak.1") == "void k() { /* tuned */ }\n");

  CHECK(compile("void k3() {}\n", &lines) == "void k3() {}\n");
  CHECK(lines[0].find(": REGENERATED: ") != std::string::npos);
}

TEST_CASE("session codegen: inside a pass too, and after End the text is returned as given", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  CapturedStderr err(t / "stderr");
  Session s("k");
  s.Frontend("a\n", "py");
  WriteFile(t / "k/kernel.cpp", "unknown origin\n");
  std::string built;
  s.Pass("Codegen", [&] {
    built = s.Codegen(SourceRole::kDevice, "kernel.cpp", "gen\n");
    return std::string("b\n");
  });
  CHECK(built == "gen\n");
  s.End();
  WriteFile(t / "k/kernel.cpp", "edit\n");
  CHECK(s.Codegen(SourceRole::kDevice, "kernel.cpp", "gen\n") == "gen\n");
  std::vector<std::string> lines = WithoutLiveLine(err.lines(), "k", t / "k");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find(": INIT-BACKUP: ") != std::string::npos);
  CHECK(ReadFile(t / "k/kernel.cpp.bak.1") == "unknown origin\n");
}

TEST_CASE("session codegen: a failure is the session's one warning and the text is still built", "[session]") {
  TempDir t;
  Tracing on(Mode::kHtml, t.path());
  CapturedStderr err(t / "stderr");
  Session s("k");
  s.Frontend("a\n", "py");
  fs::create_directory(t / "k/kernel.cpp");  // a directory where the working copy goes
  CHECK(s.Codegen(SourceRole::kDevice, "kernel.cpp", "gen\n") == "gen\n");
  WriteFile(t / "k/host.cpp", "edited\n");
  CHECK(s.Codegen(SourceRole::kHost, "host.cpp", "gen\n") == "gen\n");  // tracing stopped: no decision
  std::vector<std::string> lines = WithoutLiveLine(err.lines(), "k", t / "k");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("irtrace: warning: session 'k': tracing stopped: cannot read '", 0) == 0);
}

TEST_CASE("session codegen: hostile file names stay in the name directory", "[session]") {
  TempDir t;
  fs::create_directory(t / "sandbox");
  Tracing on(Mode::kHtml, t / "sandbox/trace");
  CapturedStderr err(t / "stderr");
  const std::vector<std::string> hostile = {"..",
                                            "../../escape.cpp",
                                            "/tmp/absolute.cpp",
                                            std::string("n\0x.cpp", 7),
                                            std::string(300, 'n') + ".cpp",
                                            "",
                                            "a/b.cpp",
                                            ".lock",
                                            ".runs",
                                            "report.html",
                                            "k.cpp.original",
                                            "\n.cpp"};
  std::string run;
  {
    Session s("k");
    s.Frontend("a\n", "py");
    s.After("A", "b\n");
    for (const std::string& name : hostile) {
      INFO(name);
      CHECK(s.Codegen(SourceRole::kDevice, name, "gen " + name + "\n") == "gen " + name + "\n");
    }
    CHECK(s.Codegen(SourceRole::kDevice, "k.cpp", "k\n") == "k\n");
    run = s.run_dir();
  }
  std::vector<std::string> lines = WithoutLiveLine(err.lines(), "k", t / "sandbox/trace/k");
  CHECK(lines.size() == hostile.size() + 1);  // one INIT line each: no two names met, none failed
  for (const std::string& line : lines) CHECK(line.find(": INIT: ") != std::string::npos);
  CHECK(Names(t.path()) == std::vector<std::string>{"sandbox", "stderr"});
  CHECK(Names(t / "sandbox") == std::vector<std::string>{"trace"});
  CHECK(Names(t / "sandbox/trace") == std::vector<std::string>{"k"});
  CHECK(fs::is_symlink(t / "sandbox/trace/k/report.html"));  // not overwritten by a source named so
  CHECK(fs::is_directory(t / "sandbox/trace/k/.runs"));
  CHECK(ReadFile(t / "sandbox/trace/k/k.cpp.original") == "k\n");  // not the source named k.cpp.original
  for (const auto& e : fs::recursive_directory_iterator(t / "sandbox/trace/k")) {
    CHECK(e.path().filename().string().size() <= 255);
  }
  CHECK(fs::exists(run + "/report.html"));
}

}  // namespace
}  // namespace irtrace
