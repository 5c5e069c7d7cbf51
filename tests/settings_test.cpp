// The recording settings (lib/record/irtrace/mode.h, settings.cpp): IR_TRACE's spellings, IR_TRACE_DIR,
// the one warning for an unknown value, Enable's override.
#include "record/irtrace/mode.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"

namespace irtrace {
namespace {

using test::ReadFile;
using test::TempDir;

TEST_CASE("settings: IR_TRACE spellings, in any case", "[settings]") {
  struct Case {
    const char* text;
    Mode mode;
  };
  for (Case c : {Case{"0", Mode::kOff},
                 Case{"off", Mode::kOff},
                 Case{"OFF", Mode::kOff},
                 Case{"", Mode::kOff},
                 Case{"1", Mode::kHtml},
                 Case{"on", Mode::kHtml},
                 Case{"On", Mode::kHtml},
                 Case{"html", Mode::kHtml},
                 Case{"HTML", Mode::kHtml},
                 Case{"terminal", Mode::kTerminal},
                 Case{"Terminal", Mode::kTerminal},
                 Case{"both", Mode::kBoth},
                 Case{"BOTH", Mode::kBoth},
                 Case{"false", Mode::kOff},
                 Case{"False", Mode::kOff},
                 Case{"no", Mode::kOff},
                 Case{"NO", Mode::kOff},
                 Case{"true", Mode::kHtml},
                 Case{"TRUE", Mode::kHtml},
                 Case{"yes", Mode::kHtml},
                 Case{"Yes", Mode::kHtml}}) {
    INFO(c.text);
    Mode m = Mode::kBoth == c.mode ? Mode::kOff : Mode::kBoth;
    CHECK(ParseMode(c.text, &m));
    CHECK(m == c.mode);
  }
  Mode m = Mode::kTerminal;
  for (const char* bad : {"2", "y", "n", "htm", " on", "on ", "offf", "falsey", "nope"}) {
    INFO(bad);
    CHECK_FALSE(ParseMode(bad, &m));
  }
  CHECK(m == Mode::kTerminal);
}

// In a child: the environment is the process's, and the warning goes to its stderr.
TEST_CASE("settings: the environment, its defaults, and one warning per process for an unknown value", "[settings]") {
  TempDir t;
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::freopen((t / "stderr").c_str(), "w", stderr);
    UseEnvironment();
    ::unsetenv("IR_TRACE");
    ::unsetenv("IR_TRACE_DIR");
    Settings unset = CurrentSettings();
    bool ok = unset.mode == Mode::kOff && unset.dir == "ir_trace";
    ::setenv("IR_TRACE", "Both", 1);
    ::setenv("IR_TRACE_DIR", "/tmp/traces", 1);
    Settings both = CurrentSettings();
    ok = ok && both.mode == Mode::kBoth && both.dir == "/tmp/traces";
    ::setenv("IR_TRACE_DIR", "", 1);
    ok = ok && CurrentSettings().dir == "ir_trace";
    for (const char* off : {"false", "No", "OFF", "0", ""}) {  // the flags users bring: off, without a warning
      ::setenv("IR_TRACE", off, 1);
      ok = ok && CurrentSettings().mode == Mode::kOff;
    }
    for (const char* on : {"TRUE", "yes", "On", "1"}) {
      ::setenv("IR_TRACE", on, 1);
      ok = ok && CurrentSettings().mode == Mode::kHtml;
    }
    ::setenv("IR_TRACE", "yes please", 1);
    ok = ok && CurrentSettings().mode == Mode::kHtml && CurrentSettings().mode == Mode::kHtml;
    Enable(Mode::kOff);
    ok = ok && CurrentSettings().mode == Mode::kOff && CurrentSettings().dir == "ir_trace";
    Enable(Mode::kTerminal, "elsewhere");
    ok = ok && CurrentSettings().mode == Mode::kTerminal && CurrentSettings().dir == "elsewhere";
    UseEnvironment();
    ok = ok && CurrentSettings().mode == Mode::kHtml;
    std::fflush(stderr);
    ::_exit(ok ? 0 : 3);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(ReadFile(t / "stderr") ==
        "irtrace: warning: IR_TRACE has an unknown value 'yes please' (use 0, false, no, off, 1, true, yes, on, "
        "html, terminal or both); tracing as html\n");
}

}  // namespace
}  // namespace irtrace
