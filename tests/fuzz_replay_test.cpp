// The committed fuzz corpus and reproducers (tests/fuzz/corpus/<target>/, tests/fuzz/crashes/<target>/)
// replayed through the same targets libFuzzer runs (tests/fuzz/targets.h), so a found fault stays fixed
// in the normal suite. Each target also gets a few hand-made inputs here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/targets.h"

namespace {

namespace fs = std::filesystem;
using Target = std::function<int(const uint8_t*, size_t)>;

int Run(const Target& t, const std::string& bytes) {
  return t(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// Replays every file of tests/fuzz/{corpus,crashes}/<dir>; returns how many ran.
size_t Replay(const std::string& dir, const Target& t) {
  size_t n = 0;
  for (const char* kind : {"corpus", "crashes"}) {
    fs::path root = fs::path(IRTRACE_SOURCE_DIR) / "tests" / "fuzz" / kind / dir;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) continue;
    for (const auto& f : fs::directory_iterator(root)) {
      std::ifstream in(f.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      INFO(f.path().string());
      CHECK_NOTHROW(Run(t, ss.str()));
      ++n;
    }
  }
  return n;
}

}  // namespace

using namespace irtrace::fuzz;

TEST_CASE("fuzz replay: dump_names", "[fuzz]") {
  CHECK(Replay("dump_names", DumpNames) > 0);
  CHECK_NOTHROW(Run(DumpNames, "00_frontend.py\n01_after_A.py\n02_after_B.log"));
  CHECK_NOTHROW(Run(DumpNames,
                    "00_frontend.py\n\x03"
                    "01_after_A.log\n\x02"
                    "01_after_A.py\n\x01"
                    "x.log"));
  CHECK_NOTHROW(Run(DumpNames,
                    "0_frontend.py\n\x04"
                    "1_after_\n1_after_A.py\n2_after_B.py\n3_after_C.log"));
}

TEST_CASE("fuzz replay: text_decode", "[fuzz]") {
  CHECK(Replay("text_decode", TextDecode) > 0);
  CHECK_NOTHROW(Run(TextDecode, std::string("\xFF\xFE\x00\xD8\x41", 5)));
  CHECK_NOTHROW(Run(TextDecode, std::string("a\0\xC3(\xF4\x90\x80\x80", 8)));
}

TEST_CASE("fuzz replay: scope", "[fuzz]") {
  CHECK(Replay("scope", Scope) > 0);
  for (char lang = 0; lang < 5; ++lang) {
    CHECK_NOTHROW(Run(Scope, std::string(1, lang) + "def f(:\n  {[(\"\ndefine @x() {\n}\nvoid g() {\n}\n"));
  }
}

TEST_CASE("fuzz replay: diff", "[fuzz]") {
  CHECK(Replay("diff", Diff) > 0);
  CHECK_NOTHROW(Run(Diff, std::string(1, '\0') + "def f():\r\n  a\n\x1e\xEF\xBB\xBF"
                                                 "def f():\n  b\n"));
  CHECK_NOTHROW(Run(Diff, std::string(1, '\2') + "x\ry\r\x1ex\ny\n"));
}

TEST_CASE("fuzz replay: payload", "[fuzz]") {
  CHECK(Replay("payload", Payload) > 0);
  CHECK_NOTHROW(Run(Payload, std::string(1, '\3') + "a\nb\n\x1e"
                                                    "a\r\nb\n\x1e"
                                                    "a\r\nb\n\x1e\x1e"
                                                    "c\rd"));
}

TEST_CASE("fuzz replay: dump_log", "[fuzz]") {
  CHECK(Replay("dump_log", DumpLog) > 0);
  const std::string mlir(1, '\0');
  CHECK_NOTHROW(Run(DumpLog, mlir + "// -----// IR Dump After A (a) //----- //\nfunc.func @f() {\n"));
  CHECK_NOTHROW(Run(DumpLog, "\x01*** IR Dump After A on (f, ) ***\ndefine i32 @f() {\n"));
  CHECK_NOTHROW(Run(DumpLog, mlir + "// -----// IR Dump Before A (a) //----- //\n}\n}\n{-#\n"));
}
